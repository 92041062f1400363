ALTER TABLE "board_uploads" ADD COLUMN "dfm_generation" text;--> statement-breakpoint
ALTER TABLE "board_uploads" ADD COLUMN "dfm_since" timestamp with time zone;