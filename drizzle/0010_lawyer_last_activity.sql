ALTER TABLE "lawyer_profiles" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
-- A profile view, a WhatsApp click or a lead moves its lawyer's last_activity_at forward, by the
-- database, whatever code writes them. To keep the busy profiles' rows from being rewritten on every
-- view, the time moves only when the new event is over an hour later than the stored one: the value is
-- within an hour of the truth, which is all "active in the last 30 days" needs.
CREATE FUNCTION profile_views_note_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows locked in id order first: two statements (two requests routed to the same lawyers) cannot deadlock.
  PERFORM 1 FROM lawyer_profiles p JOIN (SELECT lawyer_id, max(viewed_at) AS at FROM new_rows GROUP BY 1) e ON p.id = e.lawyer_id
   WHERE p.last_activity_at IS NULL OR p.last_activity_at < e.at - interval '1 hour'
   ORDER BY p.id FOR NO KEY UPDATE OF p;
  UPDATE lawyer_profiles p SET last_activity_at = e.at
    FROM (SELECT lawyer_id, max(viewed_at) AS at FROM new_rows GROUP BY 1) e
   WHERE p.id = e.lawyer_id AND (p.last_activity_at IS NULL OR p.last_activity_at < e.at - interval '1 hour');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION whatsapp_clicks_note_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows locked in id order first: two statements (two requests routed to the same lawyers) cannot deadlock.
  PERFORM 1 FROM lawyer_profiles p JOIN (SELECT lawyer_id, max(clicked_at) AS at FROM new_rows GROUP BY 1) e ON p.id = e.lawyer_id
   WHERE p.last_activity_at IS NULL OR p.last_activity_at < e.at - interval '1 hour'
   ORDER BY p.id FOR NO KEY UPDATE OF p;
  UPDATE lawyer_profiles p SET last_activity_at = e.at
    FROM (SELECT lawyer_id, max(clicked_at) AS at FROM new_rows GROUP BY 1) e
   WHERE p.id = e.lawyer_id AND (p.last_activity_at IS NULL OR p.last_activity_at < e.at - interval '1 hour');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION leads_note_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows locked in id order first: two statements (two requests routed to the same lawyers) cannot deadlock.
  PERFORM 1 FROM lawyer_profiles p JOIN (SELECT assigned_to AS lawyer_id, max(created_at) AS at FROM new_rows WHERE assigned_to IS NOT NULL GROUP BY 1) e ON p.id = e.lawyer_id
   WHERE p.last_activity_at IS NULL OR p.last_activity_at < e.at - interval '1 hour'
   ORDER BY p.id FOR NO KEY UPDATE OF p;
  UPDATE lawyer_profiles p SET last_activity_at = e.at
    FROM (SELECT assigned_to AS lawyer_id, max(created_at) AS at FROM new_rows WHERE assigned_to IS NOT NULL GROUP BY 1) e
   WHERE p.id = e.lawyer_id AND (p.last_activity_at IS NULL OR p.last_activity_at < e.at - interval '1 hour');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profile_views_activity AFTER INSERT ON profile_views REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_views_note_activity();
--> statement-breakpoint
CREATE TRIGGER whatsapp_clicks_activity AFTER INSERT ON whatsapp_clicks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION whatsapp_clicks_note_activity();
--> statement-breakpoint
CREATE TRIGGER leads_activity AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leads_note_activity();
--> statement-breakpoint
UPDATE lawyer_profiles p SET last_activity_at = greatest(
  (SELECT max(viewed_at) FROM profile_views v WHERE v.lawyer_id = p.id),
  (SELECT max(clicked_at) FROM whatsapp_clicks c WHERE c.lawyer_id = p.id),
  (SELECT max(created_at) FROM leads l WHERE l.assigned_to = p.id));
