DROP INDEX "lawyer_profiles_created_at_idx";--> statement-breakpoint
CREATE INDEX "lawyer_profiles_created_at_idx" ON "lawyer_profiles" USING btree ("created_at","id");