-- The hourly purge of visitor hashes (visitor-hash.server.ts) reads the views and clicks whose hash is
-- not erased yet, older than two days: these partial indexes hold just those rows (about two days' worth),
-- so a fresh process no longer scans every row older than the cutoff, and erases them a batch at a time.
CREATE INDEX "profile_views_hashed_time_idx" ON "profile_views" USING btree ("viewed_at") WHERE visitor_hash is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_clicks_hashed_time_idx" ON "whatsapp_clicks" USING btree ("clicked_at") WHERE visitor_hash is not null;