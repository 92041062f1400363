ALTER TABLE "basket_items" ADD COLUMN "dfm_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "dfm_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "note_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_code" text;--> statement-breakpoint
-- Orders placed with 'файлы пришлю позже' before 0015 kept only the Russian text: they get its code, so they too are answered in the reader's language.
UPDATE "orders" SET "hold_code" = 'filesAwaited' WHERE "files_awaited" AND "hold_reason" = 'Ждём файлы для производства: приложите их на странице заказа';--> statement-breakpoint
UPDATE "order_status_history" SET "note_code" = 'filesAwaited' WHERE "action" = 'place' AND "note" = 'Ждём файлы для производства: приложите их на странице заказа';
