DROP INDEX "posts_countries_gin";--> statement-breakpoint
DROP INDEX "posts_sectors_gin";--> statement-breakpoint
DROP INDEX "posts_reach_gin";