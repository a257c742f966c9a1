ALTER TYPE "public"."upload_purpose" ADD VALUE 'post_attachment';--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "request_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "attachment_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_attachment_upload_id_uploads_id_fk" FOREIGN KEY ("attachment_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_board_created_idx" ON "posts" USING btree ("area","kind","created_at","id") WHERE "posts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "posts_information_expert_idx" ON "posts" USING btree ("kind","by_expert","created_at","id") WHERE "posts"."status" = 'active' and "posts"."area" = 'information';--> statement-breakpoint
CREATE INDEX "posts_countries_gin" ON "posts" USING gin ("countries") WHERE "posts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "posts_sectors_gin" ON "posts" USING gin ("sectors") WHERE "posts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "posts_reach_gin" ON "posts" USING gin ("reach") WHERE "posts"."status" = 'active';--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_request_type_check" CHECK ("posts"."area" <> 'membership' or "posts"."request_type" is not null);