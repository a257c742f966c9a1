CREATE TYPE "public"."employment_type" AS ENUM('temporary', 'full_time');--> statement-breakpoint
CREATE TYPE "public"."help_type" AS ENUM('country_knowledge', 'product_experience', 'hire_expert', 'trade_services', 'documents', 'collaboration');--> statement-breakpoint
CREATE TYPE "public"."help_urgency" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."points_reason" AS ENUM('knowledge_approved', 'helpful_answer', 'tier_upgrade');--> statement-breakpoint
CREATE TYPE "public"."qa_subsection" AS ENUM('export_related', 'club_related');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."service_type" AS ENUM('marketing', 'legal', 'commercial');--> statement-breakpoint
CREATE TYPE "public"."share_type" AS ENUM('country', 'regulations', 'documents', 'experience');--> statement-breakpoint
ALTER TYPE "public"."upload_purpose" ADD VALUE 'knowledge_attachment';--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"member_request_id" bigint,
	"help_type" "help_type" NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"target_country" text,
	"product_category" text,
	"expertise_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"employment_type" "employment_type",
	"service_type" "service_type",
	"urgency" "help_urgency" DEFAULT 'medium' NOT NULL,
	"budget_range" text,
	"additional_details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" "points_reason" NOT NULL,
	"source_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qa_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"subsection" "qa_subsection" NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shared_knowledge" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shared_knowledge_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"share_type" "share_type" NOT NULL,
	"category" text NOT NULL,
	"event_date" date,
	"event_location" text,
	"attachment_upload_id" uuid,
	"status" "review_status" DEFAULT 'pending' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"admin_notes" text,
	"points_awarded" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_requests" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_member_request_id_member_requests_id_fk" FOREIGN KEY ("member_request_id") REFERENCES "public"."member_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_items" ADD CONSTRAINT "qa_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_knowledge" ADD CONSTRAINT "shared_knowledge_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_knowledge" ADD CONSTRAINT "shared_knowledge_attachment_upload_id_uploads_id_fk" FOREIGN KEY ("attachment_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_knowledge" ADD CONSTRAINT "shared_knowledge_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_requests_user_created_idx" ON "help_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_reason_source_key" ON "points_ledger" USING btree ("reason","source_id");--> statement-breakpoint
CREATE INDEX "points_ledger_created_user_idx" ON "points_ledger" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "qa_items_published_idx" ON "qa_items" USING btree ("subsection","created_at" DESC NULLS LAST) WHERE "qa_items"."is_published";--> statement-breakpoint
CREATE INDEX "shared_knowledge_created_idx" ON "shared_knowledge" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shared_knowledge_pending_idx" ON "shared_knowledge" USING btree ("created_at") WHERE "shared_knowledge"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "shared_knowledge_user_idx" ON "shared_knowledge" USING btree ("user_id");