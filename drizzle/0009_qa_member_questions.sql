ALTER TABLE "qa_items" ADD COLUMN "asked_by" uuid;--> statement-breakpoint
ALTER TABLE "qa_items" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "qa_items" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "qa_items" ADD CONSTRAINT "qa_items_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qa_items_asked_by_idx" ON "qa_items" USING btree ("asked_by","created_at" DESC NULLS LAST) WHERE "qa_items"."asked_by" is not null;