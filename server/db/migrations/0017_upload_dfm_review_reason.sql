ALTER TABLE "board_uploads" ADD COLUMN "dfm_review_reason" text;--> statement-breakpoint
CREATE INDEX "order_lines_version_idx" ON "order_lines" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "project_versions_upload_idx" ON "project_versions" USING btree ("upload_id");