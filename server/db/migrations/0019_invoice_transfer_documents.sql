ALTER TABLE "invoices" ADD COLUMN "transfer_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "transferred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_transfer_number_unique" UNIQUE("transfer_number");