ALTER TABLE "posts" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
-- The posts answered before this column existed: their first response's time (issue #17 §3).
UPDATE "posts" SET "first_response_at" = "first"."at"
FROM (SELECT "post_id", min("created_at") AS "at" FROM "post_responses" GROUP BY "post_id") AS "first"
WHERE "first"."post_id" = "posts"."id";--> statement-breakpoint
CREATE INDEX "posts_created_analytics_idx" ON "posts" USING btree ("created_at","area","kind","first_response_at");
