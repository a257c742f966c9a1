DROP INDEX "member_requests_active_country_idx";--> statement-breakpoint
DROP INDEX "member_requests_active_sector_idx";--> statement-breakpoint
DROP INDEX "member_requests_active_type_idx";--> statement-breakpoint
DROP INDEX "member_requests_active_created_idx";--> statement-breakpoint
DROP INDEX "member_requests_user_created_idx";--> statement-breakpoint
DROP INDEX "member_responses_requester_created_idx";--> statement-breakpoint
CREATE INDEX "member_requests_active_country_idx" ON "member_requests" USING btree ("target_country","created_at","id") WHERE "member_requests"."status" = 'active';--> statement-breakpoint
CREATE INDEX "member_requests_active_sector_idx" ON "member_requests" USING btree ("sector","created_at","id") WHERE "member_requests"."status" = 'active';--> statement-breakpoint
CREATE INDEX "member_requests_active_type_idx" ON "member_requests" USING btree ("request_type","created_at","id") WHERE "member_requests"."status" = 'active';--> statement-breakpoint
CREATE INDEX "member_requests_active_created_idx" ON "member_requests" USING btree ("created_at","id") WHERE "member_requests"."status" = 'active';--> statement-breakpoint
CREATE INDEX "member_requests_user_created_idx" ON "member_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "member_responses_requester_created_idx" ON "member_responses" USING btree ("requester_id","created_at","id");