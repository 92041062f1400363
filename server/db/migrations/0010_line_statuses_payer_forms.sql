-- Issue 18: a checked line waiting for payment was 'new' ('Новая'), after 'engineering': it seemed to go back.
-- It is 'awaiting_payment' now, and the reference list keeps the seed's ids in the order a line moves through
-- (server/seed/reference-data.ts). A new database has no reference rows yet: the seed fills them after the
-- migrations, so nothing is inserted here then.
INSERT INTO "order_line_statuses" ("id", "code", "name", "name_en")
  SELECT 100, 'awaiting_payment', 'Ожидает оплаты', 'Awaiting payment'
  WHERE EXISTS (SELECT 1 FROM "order_line_statuses");--> statement-breakpoint
-- One statement: the statement-level triggers of 0006 move the kept position counts with the lines.
UPDATE "order_lines" SET "status" = 'awaiting_payment' WHERE "status" = 'new';--> statement-breakpoint
DELETE FROM "order_line_counts" WHERE "status" = 'new' AND "lines" = 0;--> statement-breakpoint
DELETE FROM "order_line_statuses" WHERE "code" = 'new';--> statement-breakpoint
UPDATE "order_line_statuses" SET "id" = "id" + 1000;--> statement-breakpoint
UPDATE "order_line_statuses" SET "id" = CASE "code"
  WHEN 'engineering' THEN 1 WHEN 'awaiting_payment' THEN 2 WHEN 'in_production' THEN 3
  WHEN 'ready' THEN 4 WHEN 'shipped' THEN 5 WHEN 'canceled' THEN 6 ELSE "id" END;
--> statement-breakpoint
-- Issue 18: an order's payer carries its legal form, so the order and the invoice print 'ООО «Микрон-Тест»'
-- (src/contract/legal-name.ts); an order placed before takes it from its payer, while that payer exists.
UPDATE "orders" o SET "payer" = o."payer" || jsonb_build_object('legalForm', c."legal_form")
  FROM "counteragents" c
  WHERE c."id" = (o."payer"->>'counteragentId')::int AND c."client_id" = o."client_id" AND NOT (o."payer" ? 'legalForm');
