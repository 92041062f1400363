CREATE TABLE "board_renders" (
	"upload_id" text NOT NULL,
	"name" text NOT NULL,
	"svg" text NOT NULL,
	CONSTRAINT "board_renders_upload_id_name_pk" PRIMARY KEY("upload_id","name")
);
--> statement-breakpoint
CREATE TABLE "board_upload_files" (
	"upload_id" text NOT NULL,
	"file_id" text NOT NULL,
	"name" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "board_upload_files_upload_id_file_id_pk" PRIMARY KEY("upload_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "board_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"archive_name" text NOT NULL,
	"status" text NOT NULL,
	"step" text NOT NULL,
	"error" text,
	"analysis" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"number" integer NOT NULL,
	"upload_id" text,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "current_version_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "board_renders" ADD CONSTRAINT "board_renders_upload_id_board_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."board_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_upload_files" ADD CONSTRAINT "board_upload_files_upload_id_board_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."board_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_uploads" ADD CONSTRAINT "board_uploads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_uploads" ADD CONSTRAINT "board_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_versions" ADD CONSTRAINT "project_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_versions" ADD CONSTRAINT "project_versions_upload_id_board_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."board_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_uploads_client_idx" ON "board_uploads" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_versions_number_unique" ON "project_versions" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "projects_client_activity_idx" ON "projects" USING btree ("client_id","updated_at");--> statement-breakpoint
UPDATE "projects" SET "product_type" = 'mounting' WHERE "product_type" = 'assembly';
