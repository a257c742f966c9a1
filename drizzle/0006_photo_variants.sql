CREATE TYPE "public"."photo_variant_format" AS ENUM('avif', 'webp');--> statement-breakpoint
CREATE TABLE "upload_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" uuid NOT NULL,
	"format" "photo_variant_format" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_variants" ADD CONSTRAINT "upload_variants_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_variants_upload_format_width_idx" ON "upload_variants" USING btree ("upload_id","format","width");