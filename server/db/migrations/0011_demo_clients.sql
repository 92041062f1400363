ALTER TABLE "clients" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A data folder seeded before this migration: the demo clients are those the two seeded demo users belong to.
UPDATE "clients" SET "is_demo" = true WHERE "id" IN (SELECT "cu"."client_id" FROM "client_users" "cu" JOIN "users" "u" ON "u"."id" = "cu"."user_id" WHERE "u"."email" IN ('demo@example.ru', 'demo2fa@example.ru'));
