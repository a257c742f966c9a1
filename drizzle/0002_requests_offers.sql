CREATE TYPE "public"."notification_kind" AS ENUM('response_received');--> statement-breakpoint
CREATE TYPE "public"."request_status" AS ENUM('active', 'closed');--> statement-breakpoint
CREATE TYPE "public"."request_type" AS ENUM('co_marketing', 'commercial_assistance', 'product_sourcing', 'knowledge_sharing');--> statement-breakpoint
CREATE TYPE "public"."service_activity" AS ENUM('marketing', 'legal', 'commercial');--> statement-breakpoint
CREATE TYPE "public"."urgency" AS ENUM('normal', 'urgent');--> statement-breakpoint
CREATE TABLE "isic_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"section" text,
	"description_en" text NOT NULL,
	"description_fa" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_fa" text NOT NULL,
	"description_en" text NOT NULL,
	"description_fa" text NOT NULL,
	"isic_code" text NOT NULL,
	"sector" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archived_member_requests" (
	"request_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archived_member_requests_user_id_request_id_pk" PRIMARY KEY("user_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "member_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"product_id" integer,
	"target_country" text,
	"sector" text,
	"request_type" "request_type" NOT NULL,
	"activity_type" "service_activity",
	"sub_activity" text,
	"description" text NOT NULL,
	"urgency" "urgency" DEFAULT 'normal' NOT NULL,
	"status" "request_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_responses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"responder_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"message" text NOT NULL,
	"contact_email" text,
	"contact_phone" text,
	"contact_whatsapp" text,
	"rating" smallint,
	"rated_at" timestamp with time zone,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"title" text NOT NULL,
	"response_id" bigint,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_isic_code_isic_codes_code_fk" FOREIGN KEY ("isic_code") REFERENCES "public"."isic_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sector_industrial_sectors_code_fk" FOREIGN KEY ("sector") REFERENCES "public"."industrial_sectors"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_member_requests" ADD CONSTRAINT "archived_member_requests_request_id_member_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."member_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_member_requests" ADD CONSTRAINT "archived_member_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requests" ADD CONSTRAINT "member_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requests" ADD CONSTRAINT "member_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requests" ADD CONSTRAINT "member_requests_target_country_countries_code_fk" FOREIGN KEY ("target_country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requests" ADD CONSTRAINT "member_requests_sector_industrial_sectors_code_fk" FOREIGN KEY ("sector") REFERENCES "public"."industrial_sectors"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_responses" ADD CONSTRAINT "member_responses_request_id_member_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."member_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_responses" ADD CONSTRAINT "member_responses_responder_id_users_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_responses" ADD CONSTRAINT "member_responses_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_response_id_member_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."member_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "member_requests_active_country_idx" ON "member_requests" USING btree ("target_country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "member_requests"."status" = 'active';--> statement-breakpoint
CREATE INDEX "member_requests_active_sector_idx" ON "member_requests" USING btree ("sector","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "member_requests"."status" = 'active';--> statement-breakpoint
CREATE INDEX "member_requests_active_type_idx" ON "member_requests" USING btree ("request_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "member_requests"."status" = 'active';--> statement-breakpoint
CREATE INDEX "member_requests_active_created_idx" ON "member_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "member_requests"."status" = 'active';--> statement-breakpoint
CREATE INDEX "member_requests_user_created_idx" ON "member_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "member_responses_request_responder_key" ON "member_responses" USING btree ("request_id","responder_id");--> statement-breakpoint
CREATE INDEX "member_responses_requester_created_idx" ON "member_responses" USING btree ("requester_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_responses_responder_rated_idx" ON "member_responses" USING btree ("responder_id") WHERE "member_responses"."rating" is not null;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","kind") WHERE not "notifications"."is_read";