CREATE TYPE "public"."consultation_type" AS ENUM('consultancy', 'training');--> statement-breakpoint
ALTER TYPE "public"."post_area" ADD VALUE 'consultancy' BEFORE 'information';--> statement-breakpoint
CREATE TABLE "services" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"service_type" "consultation_type" NOT NULL,
	"sectors" text[] DEFAULT '{}'::text[] NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"export_services" text[] NOT NULL,
	"location_city" text NOT NULL,
	"location_country" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"modes" text[] NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"contact_whatsapp" text,
	"status" "review_status" DEFAULT 'pending' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"admin_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_responses" ADD COLUMN "proposed_date" date;--> statement-breakpoint
ALTER TABLE "post_responses" ADD COLUMN "proposed_mode" text;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_location_country_countries_code_fk" FOREIGN KEY ("location_country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_provider_idx" ON "services" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "services_pending_idx" ON "services" USING btree ("updated_at") WHERE "services"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "services_listed_idx" ON "services" USING btree ("service_type") WHERE "services"."status" = 'approved' and not "services"."paused";--> statement-breakpoint
ALTER TABLE "post_responses" ADD CONSTRAINT "post_responses_proposed_mode_check" CHECK ("post_responses"."proposed_mode" in ('in_person', 'online'));