CREATE TABLE "access_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"requester_user_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"solver_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"phone" text,
	"email" text,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counteragents" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"legal_form" text NOT NULL,
	"name" text NOT NULL,
	"inn" text NOT NULL,
	"kpp" text,
	"ogrn" text NOT NULL,
	"legal_address" text DEFAULT '' NOT NULL,
	"bik" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"settlement_account" text NOT NULL,
	"correspondent_account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method_id" integer NOT NULL,
	"endpoint_id" integer,
	"division_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"recipient_phone" text,
	"comment" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"mime" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"creator_user_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" integer DEFAULT 3 NOT NULL,
	"invited_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"canceler_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "legacy_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"client_type" text NOT NULL,
	"inn" text,
	"kpp" text,
	"ogrn" text,
	"country_id" integer,
	"region_id" integer,
	"restored_client_id" integer
);
--> statement-breakpoint
CREATE TABLE "legacy_orders" (
	"number" text PRIMARY KEY NOT NULL,
	"legacy_client_id" integer NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_processes" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "middle_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "site_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "accessible_through_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "avatar_url" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "inn" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "kpp" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "ogrn" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "is_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "pending_update" jsonb;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_solver_user_id_users_id_fk" FOREIGN KEY ("solver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counteragents" ADD CONSTRAINT "counteragents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_method_id_delivery_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_endpoint_id_delivery_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."delivery_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_division_id_division_endpoints_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."division_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_user_id_users_id_fk" FOREIGN KEY ("invited_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_canceler_user_id_users_id_fk" FOREIGN KEY ("canceler_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_clients" ADD CONSTRAINT "legacy_clients_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_clients" ADD CONSTRAINT "legacy_clients_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_clients" ADD CONSTRAINT "legacy_clients_restored_client_id_clients_id_fk" FOREIGN KEY ("restored_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_orders" ADD CONSTRAINT "legacy_orders_legacy_client_id_legacy_clients_id_fk" FOREIGN KEY ("legacy_client_id") REFERENCES "public"."legacy_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_requests_client_idx" ON "access_requests" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "access_requests_requester_idx" ON "access_requests" USING btree ("requester_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_requests_pending_unique" ON "access_requests" USING btree ("client_id","requester_user_id") WHERE "access_requests"."accepted_at" is null and "access_requests"."declined_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_client_idx" ON "contacts" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "counteragents_client_idx" ON "counteragents" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_settings_client_idx" ON "delivery_settings" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "invitations_client_idx" ON "invitations" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_unique" ON "invitations" USING btree ("client_id","email") WHERE "invitations"."accepted_at" is null and "invitations"."declined_at" is null and "invitations"."canceled_at" is null;--> statement-breakpoint
CREATE INDEX "legacy_clients_email_idx" ON "legacy_clients" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_inn_unique" ON "clients" USING btree ("inn") WHERE "clients"."inn" is not null;