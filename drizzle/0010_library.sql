ALTER TYPE "public"."points_reason" ADD VALUE 'knowledge_liked';--> statement-breakpoint
ALTER TYPE "public"."points_reason" ADD VALUE 'knowledge_like_withdrawn';--> statement-breakpoint
CREATE TABLE "knowledge_likes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_likes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"knowledge_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shared_knowledge" ADD COLUMN "unpublished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shared_knowledge" ADD COLUMN "unpublished_by" uuid;--> statement-breakpoint
ALTER TABLE "shared_knowledge" ADD COLUMN "unpublish_note" text;--> statement-breakpoint
ALTER TABLE "shared_knowledge" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_knowledge" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(translate(replace(coalesce("title", '') || ' ' || coalesce("content", ''), chr(8204), ''), chr(1610) || chr(1609) || chr(1603), chr(1740) || chr(1740) || chr(1705)), '[\u064B-\u065F\u0670]', '', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "knowledge_likes" ADD CONSTRAINT "knowledge_likes_knowledge_id_shared_knowledge_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."shared_knowledge"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_likes" ADD CONSTRAINT "knowledge_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_likes_item_user_key" ON "knowledge_likes" USING btree ("knowledge_id","user_id");--> statement-breakpoint
CREATE INDEX "knowledge_likes_user_idx" ON "knowledge_likes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "shared_knowledge" ADD CONSTRAINT "shared_knowledge_unpublished_by_users_id_fk" FOREIGN KEY ("unpublished_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_knowledge_published_idx" ON "shared_knowledge" USING btree ("reviewed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "shared_knowledge"."status" = 'approved' and "shared_knowledge"."unpublished_at" is null;--> statement-breakpoint
CREATE INDEX "shared_knowledge_published_likes_idx" ON "shared_knowledge" USING btree ("like_count" DESC NULLS LAST,"reviewed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "shared_knowledge"."status" = 'approved' and "shared_knowledge"."unpublished_at" is null;--> statement-breakpoint
CREATE INDEX "shared_knowledge_search_idx" ON "shared_knowledge" USING gin ("search_vector");