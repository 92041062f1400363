-- One name per thing: payers (was counteragents), cart_items (was basket_items), project folders (kind was 'group').
ALTER TABLE "basket_items" RENAME TO "cart_items";--> statement-breakpoint
ALTER INDEX IF EXISTS "basket_items_pkey" RENAME TO "cart_items_pkey";--> statement-breakpoint
ALTER SEQUENCE IF EXISTS "basket_items_id_seq" RENAME TO "cart_items_id_seq";--> statement-breakpoint
ALTER INDEX "basket_items_user_idx" RENAME TO "cart_items_user_idx";--> statement-breakpoint
ALTER TABLE "cart_items" RENAME CONSTRAINT "basket_items_user_id_users_id_fk" TO "cart_items_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "cart_items" RENAME CONSTRAINT "basket_items_project_id_projects_id_fk" TO "cart_items_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "counteragents" RENAME TO "payers";--> statement-breakpoint
ALTER INDEX IF EXISTS "counteragents_pkey" RENAME TO "payers_pkey";--> statement-breakpoint
ALTER SEQUENCE IF EXISTS "counteragents_id_seq" RENAME TO "payers_id_seq";--> statement-breakpoint
ALTER INDEX "counteragents_client_idx" RENAME TO "payers_client_idx";--> statement-breakpoint
ALTER TABLE "payers" RENAME CONSTRAINT "counteragents_client_id_clients_id_fk" TO "payers_client_id_clients_id_fk";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "counteragent_id" TO "payer_id";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "orders_counteragent_id_counteragents_id_fk" TO "orders_payer_id_payers_id_fk";--> statement-breakpoint
-- PostgreSQL 18 names the NOT NULL constraints after the table too; older servers have none to rename.
DO $$ DECLARE c record; BEGIN
  FOR c IN SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
    WHERE conrelid IN ('payers'::regclass, 'cart_items'::regclass) AND (conname LIKE 'counteragents\_%' OR conname LIKE 'basket\_items\_%')
  LOOP
    EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', c.tbl, c.conname,
      replace(replace(c.conname, 'counteragents_', 'payers_'), 'basket_items_', 'cart_items_'));
  END LOOP;
END $$;--> statement-breakpoint
-- Orders keep a copy of their payer; its id key follows the column.
UPDATE "orders" SET "payer" = ("payer" - 'counteragentId') || jsonb_build_object('payerId', "payer"->'counteragentId') WHERE "payer" ? 'counteragentId';--> statement-breakpoint
UPDATE "project_sets" SET "kind" = 'folder' WHERE "kind" = 'group';
