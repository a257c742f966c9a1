CREATE TABLE "active_member_changes" (
	"day" date PRIMARY KEY NOT NULL,
	"active7" integer DEFAULT 0 NOT NULL,
	"active30" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_active_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "member_active_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "member_active_days" ADD CONSTRAINT "member_active_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The active days known before these tables (issue #17 §3, ADR 20): sign-ins and Extend Session
-- (security_events), the last activity of stored sessions and of each account, for the members
-- approved and unsuspended now.
INSERT INTO "member_active_days" ("user_id", "day")
SELECT DISTINCT "a"."user_id", ("a"."at" AT TIME ZONE 'UTC')::date
FROM (
  SELECT "user_id", "created_at" AS "at" FROM "security_events"
  WHERE "event_type" IN ('login_successful', 'session_refreshed') AND "user_id" IS NOT NULL
  UNION ALL SELECT "user_id", "last_active_at" FROM "sessions"
  UNION ALL SELECT "id", "last_active_at" FROM "users" WHERE "last_active_at" IS NOT NULL
) AS "a"
JOIN "profiles" "p" ON "p"."user_id" = "a"."user_id"
JOIN "users" "u" ON "u"."id" = "a"."user_id"
WHERE "p"."approval_status" = 'approved' AND "u"."suspended_at" IS NULL;--> statement-breakpoint
-- The same computation as rebuildActiveMemberChanges (src/server/domain/analytics.ts).
INSERT INTO "active_member_changes" ("day", "active7", "active30")
SELECT "day", coalesce(sum("delta") FILTER (WHERE "len" = 7), 0), coalesce(sum("delta") FILTER (WHERE "len" = 30), 0)
FROM (
  SELECT greatest("day" + 1, "p" + "len" + 1) AS "day", "len", 1 AS "delta"
  FROM (SELECT "day", lag("day") OVER (PARTITION BY "user_id" ORDER BY "day") AS "p" FROM "member_active_days") AS "d"
  CROSS JOIN (VALUES (7), (30)) AS "w"("len")
  UNION ALL
  SELECT "day" + "len" + 1, "len", -1 FROM "member_active_days" CROSS JOIN (VALUES (7), (30)) AS "w"("len")
) AS "c"
GROUP BY "day";
