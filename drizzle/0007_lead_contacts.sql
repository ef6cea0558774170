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
-- CRM, a lawyer's deletion, a client's removal link). The changed e-mails are recounted whole from the
-- leads, in one set-based statement (leads_email_idx for a few e-mails, one pass for a bulk insert).
-- Two transactions that add leads for one e-mail take turns: its row is created if missing and locked
-- (in key order, so they cannot deadlock), and the recount is a later statement, whose snapshot (READ
-- COMMITTED) sees what the other one committed. An e-mail left with no lead loses its row.
CREATE FUNCTION refresh_lead_contacts(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF keys IS NULL OR cardinality(keys) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO lead_contacts (email_key, last_lead_at) SELECT k, now() FROM unnest(keys) k ORDER BY k ON CONFLICT (email_key) DO NOTHING;
  PERFORM 1 FROM lead_contacts WHERE email_key = ANY(keys) ORDER BY email_key FOR UPDATE;
  UPDATE lead_contacts SET lead_count = 0 WHERE email_key = ANY(keys);
  UPDATE lead_contacts c SET nome = s.nome, latest_lead_id = s.id, last_lead_at = s.created_at, lead_count = s.n
    FROM (SELECT DISTINCT ON (lower(l.email)) lower(l.email) AS key, l.id, l.nome, l.created_at, (count(*) OVER (PARTITION BY lower(l.email)))::int AS n
            FROM leads l WHERE lower(l.email) = ANY(keys)
           ORDER BY lower(l.email), l.created_at DESC, l.id DESC) s
   WHERE c.email_key = s.key;
  DELETE FROM lead_contacts WHERE email_key = ANY(keys) AND lead_count = 0;
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
