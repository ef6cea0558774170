-- /admin/dashboard: the profiles by status and the approved ones active in the last 30 days, counted in one
-- index-only pass instead of two scans of the wide rows (decision 0033).
CREATE INDEX "lawyer_profiles_status_activity_idx" ON "lawyer_profiles" USING btree ("status","last_activity_at");
