CREATE TYPE "public"."assessment_kind" AS ENUM('readiness');--> statement-breakpoint
CREATE TABLE "assessment_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"show_on_card" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" "assessment_kind" NOT NULL,
	"answers" jsonb NOT NULL,
	"scores" jsonb NOT NULL,
	"overall" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_preferences" ADD CONSTRAINT "assessment_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessments_user_kind_created_idx" ON "assessments" USING btree ("user_id","kind","created_at" DESC NULLS LAST);