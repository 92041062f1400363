CREATE TABLE "invoice_counts" (
	"client_id" integer NOT NULL,
	"paid" boolean NOT NULL,
	"invoices" integer NOT NULL,
	CONSTRAINT "invoice_counts_client_id_paid_pk" PRIMARY KEY("client_id","paid")
);
--> statement-breakpoint
CREATE TABLE "invoice_documents" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"number" text NOT NULL,
	"order_number" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"vat" numeric(14, 2) NOT NULL,
	"payer_name" text NOT NULL,
	"payer_inn" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "order_checkouts" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_counts" (
	"client_id" integer NOT NULL,
	"status" text NOT NULL,
	"held" boolean NOT NULL,
	"is_favorite" boolean NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_counts_client_id_status_held_is_favorite_pk" PRIMARY KEY("client_id","status","held","is_favorite")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"project_id" integer,
	"version_id" integer,
	"title" text NOT NULL,
	"product_type" text NOT NULL,
	"params" jsonb,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"days" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"action" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_set_items" (
	"set_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_set_items_set_id_project_id_pk" PRIMARY KEY("set_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "project_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "counteragent_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payer" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "line_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_line_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counts" ADD CONSTRAINT "invoice_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_checkouts" ADD CONSTRAINT "order_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_checkouts" ADD CONSTRAINT "order_checkouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_complaints" ADD CONSTRAINT "order_complaints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_complaints" ADD CONSTRAINT "order_complaints_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_complaints" ADD CONSTRAINT "order_complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_counts" ADD CONSTRAINT "order_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_counts" ADD CONSTRAINT "order_counts_status_order_statuses_code_fk" FOREIGN KEY ("status") REFERENCES "public"."order_statuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_version_id_project_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."project_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_status_order_line_statuses_code_fk" FOREIGN KEY ("status") REFERENCES "public"."order_line_statuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reviews" ADD CONSTRAINT "order_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_reviews" ADD CONSTRAINT "order_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_status_order_statuses_code_fk" FOREIGN KEY ("status") REFERENCES "public"."order_statuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_set_items" ADD CONSTRAINT "project_set_items_set_id_project_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."project_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_set_items" ADD CONSTRAINT "project_set_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_sets" ADD CONSTRAINT "project_sets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_sets" ADD CONSTRAINT "project_sets_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_client_issued_idx" ON "invoices" USING btree ("client_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_client_amount_idx" ON "invoices" USING btree ("client_id","amount","id");--> statement-breakpoint
CREATE INDEX "invoices_client_number_idx" ON "invoices" USING btree ("client_id","number","id");--> statement-breakpoint
CREATE INDEX "invoices_client_unpaid_idx" ON "invoices" USING btree ("client_id","issued_at","id") WHERE "invoices"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "order_complaints_order_idx" ON "order_complaints" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_client_created_idx" ON "order_lines" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_lines_client_total_idx" ON "order_lines" USING btree ("client_id","total","id");--> statement-breakpoint
CREATE INDEX "order_lines_client_title_idx" ON "order_lines" USING btree ("client_id","title","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_reviews_one_per_user" ON "order_reviews" USING btree ("order_id","user_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "project_sets_client_idx" ON "project_sets" USING btree ("client_id","kind","updated_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_counteragent_id_counteragents_id_fk" FOREIGN KEY ("counteragent_id") REFERENCES "public"."counteragents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_client_created_idx" ON "orders" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_client_status_created_idx" ON "orders" USING btree ("client_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_client_total_idx" ON "orders" USING btree ("client_id","total","id");--> statement-breakpoint
CREATE INDEX "orders_client_status_changed_idx" ON "orders" USING btree ("client_id","status_changed_at","id");--> statement-breakpoint
CREATE INDEX "orders_client_number_idx" ON "orders" USING btree ("client_id","number","id");--> statement-breakpoint
CREATE INDEX "orders_client_favorite_idx" ON "orders" USING btree ("client_id","created_at","id") WHERE "orders"."is_favorite";--> statement-breakpoint
CREATE INDEX "orders_client_held_idx" ON "orders" USING btree ("client_id","created_at","id") WHERE "orders"."hold_reason" is not null;--> statement-breakpoint
-- A database seeded before this migration knows five order statuses; a fresh one gets all six from the seed.
INSERT INTO "order_statuses" ("id", "name", "name_en", "code")
  SELECT 6, 'Отменены', 'Canceled', 'canceled' WHERE EXISTS (SELECT 1 FROM "order_statuses")
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "orders" SET "status_changed_at" = "created_at";--> statement-breakpoint
INSERT INTO "order_counts" ("client_id", "status", "held", "is_favorite", "orders")
  SELECT "client_id", "status", "hold_reason" IS NOT NULL, "is_favorite", count(*) FROM "orders"
  GROUP BY 1, 2, 3, 4;
