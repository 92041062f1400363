CREATE TABLE "order_line_counts" (
	"client_id" integer NOT NULL,
	"status" text NOT NULL,
	"product_type" text NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "order_line_counts_client_id_status_product_type_pk" PRIMARY KEY("client_id","status","product_type")
);
--> statement-breakpoint
ALTER TABLE "order_line_counts" ADD CONSTRAINT "order_line_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Triggers keep the counts whoever writes the lines (checkout, the order lifecycle, seeds). Keys are written in
-- one order, so two transactions counting lines of the same client cannot deadlock on PostgreSQL.
CREATE FUNCTION "order_line_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_line_counts" ("client_id", "status", "product_type", "lines")
    SELECT "client_id", "status", "product_type", count(*)::int FROM "new_lines" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("client_id", "status", "product_type") DO UPDATE SET "lines" = "order_line_counts"."lines" + excluded."lines";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Deleting a client deletes its counts before its lines (both cascade): only existing counts are lowered.
CREATE FUNCTION "order_line_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_line_counts" c SET "lines" = c."lines" - o."lines"
    FROM (SELECT "client_id", "status", "product_type", count(*)::int AS "lines" FROM "old_lines" GROUP BY 1, 2, 3) o
    WHERE c."client_id" = o."client_id" AND c."status" = o."status" AND c."product_type" = o."product_type";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_line_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_line_counts" ("client_id", "status", "product_type", "lines")
    SELECT "client_id", "status", "product_type", sum("n")::int FROM (
      SELECT "client_id", "status", "product_type", 1 AS "n" FROM "new_lines"
      UNION ALL SELECT "client_id", "status", "product_type", -1 FROM "old_lines"
    ) d GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("client_id", "status", "product_type") DO UPDATE SET "lines" = "order_line_counts"."lines" + excluded."lines";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_lines_counted_insert" AFTER INSERT ON "order_lines"
  REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "order_line_counts_add"();--> statement-breakpoint
CREATE TRIGGER "order_lines_counted_delete" AFTER DELETE ON "order_lines"
  REFERENCING OLD TABLE AS "old_lines" FOR EACH STATEMENT EXECUTE FUNCTION "order_line_counts_remove"();--> statement-breakpoint
CREATE TRIGGER "order_lines_counted_update" AFTER UPDATE ON "order_lines"
  REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "order_line_counts_move"();--> statement-breakpoint
-- The bulk seed skips per-row foreign-key checks with session_replication_role = replica, which silences ordinary
-- triggers too: these fire always.
ALTER TABLE "order_lines" ENABLE ALWAYS TRIGGER "order_lines_counted_insert";--> statement-breakpoint
ALTER TABLE "order_lines" ENABLE ALWAYS TRIGGER "order_lines_counted_delete";--> statement-breakpoint
ALTER TABLE "order_lines" ENABLE ALWAYS TRIGGER "order_lines_counted_update";--> statement-breakpoint
INSERT INTO "order_line_counts" ("client_id", "status", "product_type", "lines")
  SELECT "client_id", "status", "product_type", count(*)::int FROM "order_lines" GROUP BY 1, 2, 3;
