-- A session deleted by any means (the app, a housekeeping job, an operator's psql) is announced
-- on the event bus inside the deleting transaction, so every process closes its WebSockets at
-- once (docs/architecture.md, Security model: "a deleted session stops its socket"). The ids go
-- out in chunks of 100 (6.7 KB of a NOTIFY's 8,000 bytes); the payload is the AppEvent
-- `sessions.ended` of src/server/live/events.ts.
CREATE FUNCTION "announce_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chunk text[];
BEGIN
  FOR chunk IN
    SELECT array_agg("id") FROM (
      SELECT "id", (row_number() OVER () - 1) / 100 AS "n" FROM "ended"
    ) AS "numbered" GROUP BY "n"
  LOOP
    PERFORM pg_notify('export_club_events', json_build_object('type', 'sessions.ended', 'sessionIds', chunk)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "ended"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_sessions_ended"();
