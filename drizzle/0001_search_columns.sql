ALTER TABLE "lawyer_profiles" ADD COLUMN "search_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "plan_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD COLUMN "plan_level_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lawyer_profiles_search_tags_idx" ON "lawyer_profiles" USING gin ("search_tags") WHERE "lawyer_profiles"."status" = 'approved';