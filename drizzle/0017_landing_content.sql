CREATE TYPE "public"."membership_document_type" AS ENUM('terms_conditions', 'membership_levels');--> statement-breakpoint
ALTER TYPE "public"."upload_purpose" ADD VALUE 'membership_document';--> statement-breakpoint
ALTER TYPE "public"."upload_purpose" ADD VALUE 'video';--> statement-breakpoint
ALTER TYPE "public"."upload_purpose" ADD VALUE 'pdf_document';--> statement-breakpoint
CREATE TABLE "membership_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"document_type" "membership_document_type" NOT NULL,
	"title" text NOT NULL,
	"upload_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pdf_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pdf_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"upload_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text,
	"upload_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership_documents" ADD CONSTRAINT "membership_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_documents" ADD CONSTRAINT "membership_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_documents" ADD CONSTRAINT "pdf_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_documents" ADD CONSTRAINT "pdf_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_documents_upload_idx" ON "membership_documents" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_documents_one_active_idx" ON "membership_documents" USING btree ("document_type") WHERE "membership_documents"."is_active";--> statement-breakpoint
CREATE INDEX "membership_documents_type_created_idx" ON "membership_documents" USING btree ("document_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pdf_documents_upload_idx" ON "pdf_documents" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "pdf_documents_created_idx" ON "pdf_documents" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "videos_upload_idx" ON "videos" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "videos_created_idx" ON "videos" USING btree ("created_at" DESC NULLS LAST);