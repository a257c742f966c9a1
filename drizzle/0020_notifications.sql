CREATE TYPE "public"."email_category" AS ENUM('response_received', 'rating_received', 'knowledge_reviewed', 'routed_posts');--> statement-breakpoint
CREATE TYPE "public"."email_delivery" AS ENUM('immediate', 'digest', 'never');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'rating_received';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'knowledge_reviewed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'tier_changed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'approval_decided';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'service_reviewed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'contact_replied';--> statement-breakpoint
CREATE TABLE "email_unsubscribe_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"category" "email_category" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"category" "email_category" NOT NULL,
	"delivery" "email_delivery" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_delivery" "email_delivery";--> statement-breakpoint
ALTER TABLE "email_unsubscribe_tokens" ADD CONSTRAINT "email_unsubscribe_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_unsubscribe_tokens_user_category_key" ON "email_unsubscribe_tokens" USING btree ("user_id","category");--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."email_delivery" = 'digest';--> statement-breakpoint
UPDATE "notifications" AS n SET "params" = jsonb_build_object('responseId', r."id", 'postId', r."post_id", 'postKind', p."kind") FROM "post_responses" AS r JOIN "posts" AS p ON p."id" = r."post_id" WHERE n."response_id" = r."id" AND n."kind" = 'response_received';
