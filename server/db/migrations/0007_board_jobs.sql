CREATE TABLE "board_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" text NOT NULL,
	"overrides" jsonb,
	"status" text NOT NULL,
	"step" text DEFAULT 'identify' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"run_after" timestamp with time zone NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "board_renders" ALTER COLUMN "svg" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "board_upload_files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "board_renders" ADD COLUMN "store_key" text;--> statement-breakpoint
ALTER TABLE "board_renders" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "board_upload_files" ADD COLUMN "bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "board_upload_files" ADD COLUMN "store_key" text;--> statement-breakpoint
ALTER TABLE "board_jobs" ADD CONSTRAINT "board_jobs_upload_id_board_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."board_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_jobs_claim_idx" ON "board_jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE UNIQUE INDEX "board_jobs_active_upload" ON "board_jobs" USING btree ("upload_id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "board_uploads_created_idx" ON "board_uploads" USING btree ("created_at");--> statement-breakpoint
-- Written by hand: rows stored before the file store keep their bytes until the gateway moves them on start, and
-- an upload left processing by the previous version gets the job that version kept only in memory.
UPDATE "board_upload_files" SET "bytes" = octet_length("content") WHERE "content" IS NOT NULL;--> statement-breakpoint
INSERT INTO "board_jobs" ("upload_id", "status", "run_after") SELECT "id", 'queued', now() FROM "board_uploads" WHERE "status" = 'processing';
