-- ADR 16 step 1: member requests become the membership area's posts. Renamed, not copied, so
-- every id, identity sequence, foreign key and ledger source id carries over unchanged.
CREATE TYPE "public"."post_area" AS ENUM('membership', 'collaboration', 'export_services', 'information', 'recruitment');--> statement-breakpoint
CREATE TYPE "public"."post_kind" AS ENUM('request', 'offer');--> statement-breakpoint
ALTER TABLE "member_requests" RENAME TO "posts";--> statement-breakpoint
ALTER TABLE "member_responses" RENAME TO "post_responses";--> statement-breakpoint
ALTER TABLE "archived_member_requests" RENAME TO "post_archives";--> statement-breakpoint
ALTER TABLE "post_responses" RENAME COLUMN "request_id" TO "post_id";--> statement-breakpoint
ALTER TABLE "post_archives" RENAME COLUMN "request_id" TO "post_id";--> statement-breakpoint
ALTER SEQUENCE "member_requests_id_seq" RENAME TO "posts_id_seq";--> statement-breakpoint
ALTER SEQUENCE "member_responses_id_seq" RENAME TO "post_responses_id_seq";--> statement-breakpoint
ALTER TABLE "posts" RENAME CONSTRAINT "member_requests_pkey" TO "posts_pkey";--> statement-breakpoint
ALTER TABLE "post_responses" RENAME CONSTRAINT "member_responses_pkey" TO "post_responses_pkey";--> statement-breakpoint
ALTER TABLE "post_archives" RENAME CONSTRAINT "archived_member_requests_user_id_request_id_pk" TO "post_archives_user_id_post_id_pk";--> statement-breakpoint
ALTER TABLE "posts" RENAME CONSTRAINT "member_requests_user_id_users_id_fk" TO "posts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "posts" RENAME CONSTRAINT "member_requests_product_id_products_id_fk" TO "posts_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "posts" RENAME CONSTRAINT "member_requests_target_country_countries_code_fk" TO "posts_target_country_countries_code_fk";--> statement-breakpoint
ALTER TABLE "posts" RENAME CONSTRAINT "member_requests_sector_industrial_sectors_code_fk" TO "posts_sector_industrial_sectors_code_fk";--> statement-breakpoint
ALTER TABLE "post_responses" RENAME CONSTRAINT "member_responses_request_id_member_requests_id_fk" TO "post_responses_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "post_responses" RENAME CONSTRAINT "member_responses_responder_id_users_id_fk" TO "post_responses_responder_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "post_responses" RENAME CONSTRAINT "member_responses_requester_id_users_id_fk" TO "post_responses_requester_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "post_archives" RENAME CONSTRAINT "archived_member_requests_request_id_member_requests_id_fk" TO "post_archives_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "post_archives" RENAME CONSTRAINT "archived_member_requests_user_id_users_id_fk" TO "post_archives_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "help_requests" RENAME CONSTRAINT "help_requests_member_request_id_member_requests_id_fk" TO "help_requests_member_request_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "notifications_response_id_member_responses_id_fk" TO "notifications_response_id_post_responses_id_fk";--> statement-breakpoint
ALTER INDEX "member_requests_active_country_idx" RENAME TO "posts_active_country_idx";--> statement-breakpoint
ALTER INDEX "member_requests_active_sector_idx" RENAME TO "posts_active_sector_idx";--> statement-breakpoint
ALTER INDEX "member_requests_active_type_idx" RENAME TO "posts_active_type_idx";--> statement-breakpoint
ALTER INDEX "member_requests_active_created_idx" RENAME TO "posts_active_created_idx";--> statement-breakpoint
ALTER INDEX "member_requests_user_created_idx" RENAME TO "posts_user_created_idx";--> statement-breakpoint
ALTER INDEX "member_responses_request_responder_key" RENAME TO "post_responses_post_responder_key";--> statement-breakpoint
ALTER INDEX "member_responses_requester_created_idx" RENAME TO "post_responses_requester_created_idx";--> statement-breakpoint
ALTER INDEX "member_responses_responder_rated_idx" RENAME TO "post_responses_responder_rated_idx";--> statement-breakpoint
-- Every existing row is a membership request (also those from the export-services form).
ALTER TABLE "posts" ADD COLUMN "area" "post_area" DEFAULT 'membership' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "area" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "kind" "post_kind" DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "sectors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reach" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "by_expert" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Active requests expire 30 days after the upgrade; closed ones are dated at their creation.
ALTER TABLE "posts" ADD COLUMN "expires_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "posts" SET "expires_at" = CASE WHEN "status" = 'active' THEN now() + interval '30 days' ELSE "created_at" END;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_details_object_check" CHECK (jsonb_typeof("posts"."details") = 'object');--> statement-breakpoint
CREATE INDEX "posts_active_expires_idx" ON "posts" USING btree ("expires_at") WHERE "posts"."status" = 'active';
