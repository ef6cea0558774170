CREATE TABLE "landing_scope_counts" (
	"area" text NOT NULL,
	"cidade" text NOT NULL,
	"lawyers" integer NOT NULL,
	"last_modified" timestamp with time zone NOT NULL,
	CONSTRAINT "landing_scope_counts_area_cidade_pk" PRIMARY KEY("area","cidade")
);
--> statement-breakpoint
-- landing_scope_counts summarises the approved profiles' search tags for the landing pages and their
-- sitemap (docs/decisions/0026-landing-pages.md): one row per area × city pair ('a:<area>' × 'c:<city>'
-- tags, which migration 0002's triggers keep from the link tables), with how many approved lawyers and
-- the latest change there. It is kept here, by the database, whatever code writes lawyer_profiles:
-- each statement's rows become +1 / -1 moves per pair, summed and applied in one upsert. Additions
-- commute, and lawyer_profiles' row locks order the changes of one lawyer, so concurrent writers leave
-- the exact counts. A row that reaches 0 is deleted in the same statement. last_modified only moves
-- forward: a lawyer joining, leaving or edited there (their updated_at; a deleted profile, the time of
-- the deletion). A statement with moves first takes a transaction-level advisory lock (class 7283420):
-- one transaction changes the summary at a time, so two whose statements reach the same pairs in
-- opposite orders (two lawyers of a city swapping areas) wait instead of deadlocking. Updates are
-- counted row by row, and only those that set status, search_tags or updated_at and change one of them
-- for an approved profile (a column list and a WHEN condition): the frequent updates that touch
-- nothing here (last activity on every lead, plan levels) fire nothing at all, where a statement
-- trigger would capture every updated row twice (a lead routed to 500 lawyers updates 500 rows).
CREATE FUNCTION landing_scope_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  areas text[];
  cidades text[];
  deltas integer[];
  ats timestamptz[];
BEGIN
  -- The statement's moves (inserts and deletes), summed per pair (at most 16 × 44 of them), computed once.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(area), array_agg(cidade), array_agg(delta), array_agg(at) INTO areas, cidades, deltas, ats FROM (
      SELECT substr(a.tag, 3) AS area, substr(c.tag, 3) AS cidade, count(*)::int AS delta, max(n.updated_at) AS at
        FROM new_rows n, unnest(n.search_tags) a(tag), unnest(n.search_tags) c(tag)
       WHERE n.status = 'approved' AND a.tag LIKE 'a:%' AND c.tag LIKE 'c:%'
       GROUP BY 1, 2) m;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(area), array_agg(cidade), array_agg(delta), array_agg(at) INTO areas, cidades, deltas, ats FROM (
      SELECT substr(a.tag, 3) AS area, substr(c.tag, 3) AS cidade, -count(*)::int AS delta, now() AS at
        FROM old_rows o, unnest(o.search_tags) a(tag), unnest(o.search_tags) c(tag)
       WHERE o.status = 'approved' AND a.tag LIKE 'a:%' AND c.tag LIKE 'c:%'
       GROUP BY 1, 2) m;
  END IF;
  IF areas IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(7283420, 0);
  INSERT INTO landing_scope_counts AS s (area, cidade, lawyers, last_modified)
  SELECT * FROM unnest(areas, cidades, deltas, ats) ORDER BY 1, 2
  ON CONFLICT (area, cidade) DO UPDATE SET lawyers = s.lawyers + excluded.lawyers, last_modified = greatest(s.last_modified, excluded.last_modified);
  DELETE FROM landing_scope_counts WHERE lawyers <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION landing_scope_counts_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7283420, 0);
  INSERT INTO landing_scope_counts AS s (area, cidade, lawyers, last_modified)
  SELECT area, cidade, sum(delta)::int, max(at) FROM (
    SELECT substr(a.tag, 3) AS area, substr(c.tag, 3) AS cidade, -1 AS delta, NEW.updated_at AS at
      FROM unnest(OLD.search_tags) a(tag), unnest(OLD.search_tags) c(tag)
     WHERE OLD.status = 'approved' AND a.tag LIKE 'a:%' AND c.tag LIKE 'c:%'
    UNION ALL
    SELECT substr(a.tag, 3), substr(c.tag, 3), 1, NEW.updated_at
      FROM unnest(NEW.search_tags) a(tag), unnest(NEW.search_tags) c(tag)
     WHERE NEW.status = 'approved' AND a.tag LIKE 'a:%' AND c.tag LIKE 'c:%') m
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (area, cidade) DO UPDATE SET lawyers = s.lawyers + excluded.lawyers, last_modified = greatest(s.last_modified, excluded.last_modified);
  DELETE FROM landing_scope_counts WHERE lawyers <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION landing_scope_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM landing_scope_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lawyer_profiles_landing_insert AFTER INSERT ON lawyer_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION landing_scope_counts_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_profiles_landing_update AFTER UPDATE OF status, search_tags, updated_at ON lawyer_profiles FOR EACH ROW
  WHEN ((OLD.status = 'approved' OR NEW.status = 'approved') AND (OLD.status, OLD.search_tags, OLD.updated_at) IS DISTINCT FROM (NEW.status, NEW.search_tags, NEW.updated_at))
  EXECUTE FUNCTION landing_scope_counts_row_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_profiles_landing_delete AFTER DELETE ON lawyer_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION landing_scope_counts_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_profiles_landing_truncate AFTER TRUNCATE ON lawyer_profiles FOR EACH STATEMENT EXECUTE FUNCTION landing_scope_counts_truncated();
--> statement-breakpoint
-- Rebuilds the summary from the profiles (this migration's backfill; a repair by hand). Writers of
-- lawyer_profiles wait until the transaction ends, so no trigger adds to a half-built table.
CREATE FUNCTION rebuild_landing_scope_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE lawyer_profiles IN SHARE MODE;
  DELETE FROM landing_scope_counts;
  INSERT INTO landing_scope_counts (area, cidade, lawyers, last_modified)
  SELECT substr(a.tag, 3), substr(c.tag, 3), count(*), max(lp.updated_at)
    FROM lawyer_profiles lp, unnest(lp.search_tags) a(tag), unnest(lp.search_tags) c(tag)
   WHERE lp.status = 'approved' AND a.tag LIKE 'a:%' AND c.tag LIKE 'c:%'
   GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
SELECT rebuild_landing_scope_counts();
