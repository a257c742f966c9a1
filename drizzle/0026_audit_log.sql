ALTER TABLE "security_events" DROP CONSTRAINT "security_events_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
CREATE INDEX "security_events_actor_created_idx" ON "security_events" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The admin of earlier admin actions was kept in details.by; it becomes the actor (ADR 26).
UPDATE "security_events" SET "actor_id" = ("event_details"->>'by')::uuid
WHERE "event_details"->>'by' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';--> statement-breakpoint
-- Append-only (ASVS 5.0 V16.4.2, docs/architecture.md "Security model"): the database itself
-- refuses to change or remove a recorded event, whatever the application does.
CREATE FUNCTION "security_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'security_events is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
CREATE TRIGGER "security_events_no_change" BEFORE UPDATE OR DELETE ON "security_events"
FOR EACH ROW EXECUTE FUNCTION "security_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "security_events_no_truncate" BEFORE TRUNCATE ON "security_events"
FOR EACH STATEMENT EXECUTE FUNCTION "security_events_append_only"();
