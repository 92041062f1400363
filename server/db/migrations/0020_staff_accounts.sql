CREATE TABLE "staff_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_staff_id" integer,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"setup_token_hash" text,
	"setup_expires_at" timestamp with time zone,
	"totp_secret" text,
	"totp_enrolled_at" timestamp with time zone,
	"totp_last_step" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"device_info" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sign_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"pending_secret" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"device_info" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sign_ins" ADD CONSTRAINT "staff_sign_ins_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_at_idx" ON "staff_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "staff_audit_actor_idx" ON "staff_audit" USING btree ("actor_staff_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_email_unique" ON "staff_members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_sessions_token_unique" ON "staff_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_sign_ins_staff_idx" ON "staff_sign_ins" USING btree ("staff_id");