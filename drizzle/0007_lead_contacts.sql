CREATE TABLE "lead_contacts" (
	"email_key" text PRIMARY KEY NOT NULL,
	"nome" text DEFAULT '' NOT NULL,
	"latest_lead_id" uuid,
	"last_lead_at" timestamp with time zone NOT NULL,
	"lead_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lead_contacts_last_lead_idx" ON "lead_contacts" USING btree ("last_lead_at" DESC NULLS LAST,"email_key");--> statement-breakpoint
-- lead_contacts is derived from leads here, by the database, whatever code writes leads (routing, the
-- CRM, a lawyer's deletion, a client's removal link). Each changed e-mail is recomputed whole from the
-- leads (two probes of leads_email_idx). Two transactions that add leads for the same e-mail take turns:
-- the row is created if missing and locked (in key order, so they cannot deadlock), and the recount is a
-- later statement, whose snapshot (READ COMMITTED) sees what the other one committed.
CREATE FUNCTION refresh_lead_contacts(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF keys IS NULL OR cardinality(keys) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO lead_contacts (email_key, last_lead_at) SELECT k, now() FROM unnest(keys) k ORDER BY k ON CONFLICT (email_key) DO NOTHING;
  PERFORM 1 FROM lead_contacts WHERE email_key = ANY(keys) ORDER BY email_key FOR UPDATE;
  UPDATE lead_contacts c SET nome = latest.nome, latest_lead_id = latest.id, last_lead_at = latest.created_at, lead_count = counted.n
    FROM unnest(keys) k
    CROSS JOIN LATERAL (SELECT l.id, l.nome, l.created_at FROM leads l WHERE lower(l.email) = k ORDER BY l.created_at DESC, l.id DESC LIMIT 1) latest
    CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM leads l WHERE lower(l.email) = k) counted
   WHERE c.email_key = k;
  DELETE FROM lead_contacts c WHERE c.email_key = ANY(keys) AND NOT EXISTS (SELECT 1 FROM leads l WHERE lower(l.email) = c.email_key);
END
$$;
--> statement-breakpoint
CREATE FUNCTION lead_contacts_refresh_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_lead_contacts(ARRAY(SELECT DISTINCT lower(email) FROM changed_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update recounts only the e-mails whose leads changed what lead_contacts shows (a CRM move does not).
CREATE FUNCTION lead_contacts_refresh_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_lead_contacts(ARRAY(
    SELECT lower(n.email) FROM changed_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.email IS DISTINCT FROM o.email OR n.nome IS DISTINCT FROM o.nome OR n.created_at IS DISTINCT FROM o.created_at
    UNION
    SELECT lower(o.email) FROM changed_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.email IS DISTINCT FROM o.email OR n.nome IS DISTINCT FROM o.nome OR n.created_at IS DISTINCT FROM o.created_at));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER leads_contacts_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_contacts_refresh_changed();
--> statement-breakpoint
CREATE TRIGGER leads_contacts_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_contacts_refresh_changed();
--> statement-breakpoint
CREATE TRIGGER leads_contacts_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_contacts_refresh_updated();
--> statement-breakpoint
SELECT refresh_lead_contacts(ARRAY(SELECT DISTINCT lower(email) FROM leads));
