-- The search's order, precomputed (docs/decisions/0055-search-order-table.md). search_order holds one
-- entry per approved lawyer and search scope the lawyer appears in: '' (no filter), 'a:<area>',
-- 'c:<city>' and 'a:<area> c:<city>' (the tags of search_tags, migration 0002), with the lawyer's
-- effective plan level and fixed rotation_key. Its primary key (scope, level, rotation_key, lawyer_id)
-- is the search's order within a level, so a page is an index range read, whatever the page number.
-- search_order_counts counts the entries per scope, level and bucket of 2^24 rotation keys (128
-- buckets): the total, and where page N starts, are read from at most 512 rows of it instead of a scan.
-- Both are kept here, by the database, whatever code writes lawyer_profiles (whose search columns the
-- triggers of migration 0002 keep from the link tables and plans).
CREATE TABLE "search_order" (
	"scope" text NOT NULL,
	"level" smallint NOT NULL,
	"rotation_key" integer NOT NULL,
	"lawyer_id" text NOT NULL,
	-- When the level lapses to 0 (the paid plan's end); null: it does not (level 0, or a plan without end).
	"level_until" timestamp with time zone,
	CONSTRAINT "search_order_pk" PRIMARY KEY ("scope", "level", "rotation_key", "lawyer_id")
);
--> statement-breakpoint
CREATE INDEX "search_order_level_until_idx" ON "search_order" ("level_until") WHERE "level_until" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "search_order_counts" (
	"scope" text NOT NULL,
	"level" smallint NOT NULL,
	"bucket" smallint NOT NULL,
	"lawyers" integer NOT NULL,
	CONSTRAINT "search_order_counts_pk" PRIMARY KEY ("scope", "level", "bucket")
);
--> statement-breakpoint
-- The scopes a lawyer with these search tags is found in.
CREATE FUNCTION search_order_scopes(tags text[]) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT ''::text
  UNION ALL SELECT t FROM unnest(tags) t WHERE t LIKE 'a:%' OR t LIKE 'c:%'
  UNION ALL SELECT a || ' ' || c FROM unnest(tags) a, unnest(tags) c WHERE a LIKE 'a:%' AND c LIKE 'c:%'
$$;
--> statement-breakpoint
-- The entries of profile rows: approved ones only; the level as search counts it now (an expired paid
-- plan lifts no one: lawyers.server.ts's rule), and until when.
CREATE FUNCTION search_order_entries(p_status text, p_tags text[], p_level smallint, p_until timestamptz, p_rotation_key integer, p_lawyer_id text)
RETURNS TABLE (scope text, level smallint, rotation_key integer, lawyer_id text, level_until timestamptz) LANGUAGE sql STABLE AS $$
  SELECT s, (CASE WHEN p_until IS NULL OR p_until > now() THEN p_level ELSE 0 END)::smallint,
         p_rotation_key, p_lawyer_id, CASE WHEN p_level > 0 AND p_until > now() THEN p_until END
    FROM search_order_scopes(p_tags) s
   WHERE p_status = 'approved'
$$;
--> statement-breakpoint
CREATE FUNCTION search_order_profiles_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_order
  SELECT e.* FROM new_rows n, search_order_entries(n.status, n.search_tags, n.plan_level, n.plan_level_until, n.rotation_key, n.id) e
   ORDER BY 1, 2, 3, 4;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Entries are found by their primary key (the scopes from the old tags, any level: a lapse may have
-- moved one to 0), so no index by lawyer is needed.
CREATE FUNCTION search_order_profiles_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_order o USING old_rows r, search_order_scopes(r.search_tags) s
   WHERE r.status = 'approved' AND o.scope = s AND o.level = ANY ('{0,1,2,3}'::smallint[]) AND o.rotation_key = r.rotation_key AND o.lawyer_id = r.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_order_profile_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'approved' THEN
    DELETE FROM search_order o USING search_order_scopes(OLD.search_tags) s
     WHERE o.scope = s AND o.level = ANY ('{0,1,2,3}'::smallint[]) AND o.rotation_key = OLD.rotation_key AND o.lawyer_id = OLD.id;
  END IF;
  INSERT INTO search_order
  SELECT * FROM search_order_entries(NEW.status, NEW.search_tags, NEW.plan_level, NEW.plan_level_until, NEW.rotation_key, NEW.id)
   ORDER BY 1, 2, 3, 4;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lawyer_profiles_search_order_insert AFTER INSERT ON lawyer_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_order_profiles_inserted();
--> statement-breakpoint
CREATE TRIGGER lawyer_profiles_search_order_delete AFTER DELETE ON lawyer_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_order_profiles_deleted();
--> statement-breakpoint
-- Row by row, and only for updates that change what the order reads (the frequent ones, last activity on
-- every lead, fire nothing; a statement trigger would capture every updated row twice).
CREATE TRIGGER lawyer_profiles_search_order_update AFTER UPDATE OF status, search_tags, plan_level, plan_level_until, rotation_key ON lawyer_profiles FOR EACH ROW
  WHEN ((OLD.status = 'approved' OR NEW.status = 'approved')
    AND (OLD.status, OLD.search_tags, OLD.plan_level, OLD.plan_level_until, OLD.rotation_key) IS DISTINCT FROM (NEW.status, NEW.search_tags, NEW.plan_level, NEW.plan_level_until, NEW.rotation_key))
  EXECUTE FUNCTION search_order_profile_updated();
--> statement-breakpoint
CREATE FUNCTION search_order_profiles_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_order;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lawyer_profiles_search_order_truncate AFTER TRUNCATE ON lawyer_profiles FOR EACH STATEMENT EXECUTE FUNCTION search_order_profiles_truncated();
--> statement-breakpoint
-- search_order_counts from each statement's entries: +1 / -1 per (scope, level, bucket), summed and
-- applied in one upsert in key order; a row that reaches 0 is deleted. Under the landing summary's
-- advisory lock (migration 0014, the same key): one transaction changes the summaries at a time, and a
-- transaction that fires both triggers takes one lock, not two in either order.
CREATE FUNCTION search_order_counts_apply(scopes text[], levels smallint[], buckets smallint[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF scopes IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(7283420, 0);
  INSERT INTO search_order_counts AS c (scope, level, bucket, lawyers)
  SELECT * FROM unnest(scopes, levels, buckets, deltas) ORDER BY 1, 2, 3
  ON CONFLICT (scope, level, bucket) DO UPDATE SET lawyers = c.lawyers + excluded.lawyers;
  DELETE FROM search_order_counts c USING unnest(scopes, levels, buckets) m(scope, level, bucket)
   WHERE c.scope = m.scope AND c.level = m.level AND c.bucket = m.bucket AND c.lawyers <= 0;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_order_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scopes text[];
  levels smallint[];
  buckets smallint[];
  deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(scope), array_agg(level), array_agg(bucket), array_agg(delta) INTO scopes, levels, buckets, deltas FROM (
      SELECT n.scope, n.level, (n.rotation_key >> 24)::smallint AS bucket, count(*)::int AS delta FROM new_rows n GROUP BY 1, 2, 3) m;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(scope), array_agg(level), array_agg(bucket), array_agg(delta) INTO scopes, levels, buckets, deltas FROM (
      SELECT o.scope, o.level, (o.rotation_key >> 24)::smallint AS bucket, -count(*)::int AS delta FROM old_rows o GROUP BY 1, 2, 3) m;
  ELSE
    SELECT array_agg(scope), array_agg(level), array_agg(bucket), array_agg(delta) INTO scopes, levels, buckets, deltas FROM (
      SELECT scope, level, bucket, sum(delta)::int AS delta FROM (
        SELECT o.scope, o.level, (o.rotation_key >> 24)::smallint AS bucket, -1 AS delta FROM old_rows o
        UNION ALL
        SELECT n.scope, n.level, (n.rotation_key >> 24)::smallint, 1 FROM new_rows n) d
      GROUP BY 1, 2, 3 HAVING sum(delta) <> 0) m;
  END IF;
  PERFORM search_order_counts_apply(scopes, levels, buckets, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_order_counts_insert AFTER INSERT ON search_order REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_order_entries_changed();
--> statement-breakpoint
CREATE TRIGGER search_order_counts_delete AFTER DELETE ON search_order REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_order_entries_changed();
--> statement-breakpoint
CREATE TRIGGER search_order_counts_update AFTER UPDATE ON search_order REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_order_entries_changed();
--> statement-breakpoint
CREATE FUNCTION search_order_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_order_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_order_counts_truncate AFTER TRUNCATE ON search_order FOR EACH STATEMENT EXECUTE FUNCTION search_order_truncated();
--> statement-breakpoint
-- Paid plans end with no write (plan_level_until passes): the first search after that moves the
-- lapsed entries to level 0 (lawyers.server.ts calls this when search_order_page's reader saw one).
-- Two searches at once: the second waits on the rows and then finds nothing left to move.
CREATE FUNCTION search_order_lapse() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
BEGIN
  UPDATE search_order SET level = 0, level_until = NULL WHERE level_until <= now();
  GET DIAGNOSTICS moved = ROW_COUNT;
  RETURN moved;
END
$$;
--> statement-breakpoint
-- One page of a scope in the search's order (lawyers.server.ts): level descending; within a level,
-- the circle of rotation keys from p_start (keys >= p_start ascending, then keys < p_start ascending),
-- ties by lawyer id. The first row (n = 0, no lawyer) carries the scope's total. The order is cut into
-- pieces by level and bucket, whose sizes come from search_order_counts (the start's bucket is split at
-- p_start, and its upper part counted in the index); the pieces before the page are skipped by their
-- counts, and the page is read from the index from within its first piece on: at most one bucket's
-- entries are stepped over, whatever the page number. STABLE: every read sees the calling query's
-- snapshot, so the counts and the entries agree.
CREATE FUNCTION search_order_page(p_scope text, p_start integer, p_offset integer, p_limit integer)
RETURNS TABLE (n integer, lawyer_id text, total integer) LANGUAGE plpgsql STABLE AS $$
DECLARE
  start_bucket integer := p_start >> 24;
  scope_total integer;
  piece record;
  skip integer := p_offset;
  need integer := p_limit;
  got integer;
  reached integer := p_offset;
BEGIN
  SELECT coalesce(sum(c.lawyers), 0)::int INTO scope_total FROM search_order_counts c WHERE c.scope = p_scope;
  n := 0; lawyer_id := NULL; total := scope_total;
  RETURN NEXT;
  IF p_offset >= scope_total OR p_limit <= 0 THEN
    RETURN;
  END IF;
  FOR piece IN
    WITH buckets AS (
      SELECT c.level, c.bucket::integer AS bucket, c.lawyers FROM search_order_counts c WHERE c.scope = p_scope
    ), upper_part AS (
      SELECT b.level, (SELECT count(*) FROM search_order o WHERE o.scope = p_scope AND o.level = b.level
                         AND o.rotation_key >= p_start AND o.rotation_key < ((start_bucket + 1)::bigint << 24))::int AS lawyers
        FROM buckets b WHERE b.bucket = start_bucket
    )
    SELECT * FROM (
      SELECT u.level, 0 AS part, start_bucket AS bucket, p_start::bigint AS lo, (start_bucket + 1)::bigint << 24 AS hi, u.lawyers FROM upper_part u
      UNION ALL
      SELECT b.level, 1, b.bucket, b.bucket::bigint << 24, (b.bucket + 1)::bigint << 24, b.lawyers FROM buckets b WHERE b.bucket > start_bucket
      UNION ALL
      SELECT b.level, 2, b.bucket, b.bucket::bigint << 24, (b.bucket + 1)::bigint << 24, b.lawyers FROM buckets b WHERE b.bucket < start_bucket
      UNION ALL
      SELECT b.level, 3, b.bucket, b.bucket::bigint << 24, p_start::bigint, b.lawyers - u.lawyers FROM buckets b JOIN upper_part u USING (level) WHERE b.bucket = start_bucket
    ) pieces
    WHERE pieces.lawyers > 0
    ORDER BY pieces.level DESC, pieces.part, pieces.bucket
  LOOP
    IF skip >= piece.lawyers THEN
      skip := skip - piece.lawyers;
      CONTINUE;
    END IF;
    RETURN QUERY
      SELECT (reached + row_number() OVER (ORDER BY p.rotation_key, p.lawyer_id))::int, p.lawyer_id, scope_total FROM (
        SELECT o.rotation_key, o.lawyer_id FROM search_order o
         WHERE o.scope = p_scope AND o.level = piece.level AND o.rotation_key >= piece.lo AND o.rotation_key < piece.hi
         ORDER BY o.rotation_key, o.lawyer_id OFFSET skip LIMIT need) p;
    GET DIAGNOSTICS got = ROW_COUNT;
    need := need - got;
    reached := reached + got;
    skip := 0;
    EXIT WHEN need <= 0;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Rebuilds both tables from the profiles (this migration's backfill; the bench's bulk seed; a repair by
-- hand). Writers of lawyer_profiles wait until the transaction ends, so no trigger adds to a half-built
-- table. The counts are one aggregate of the rebuilt entries: the entries' insert trigger is off for the
-- insert (its transition table of every entry would be the same aggregate, spilled to disk first).
CREATE FUNCTION rebuild_search_order() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE lawyer_profiles IN SHARE MODE;
  TRUNCATE search_order, search_order_counts;
  ALTER TABLE search_order DISABLE TRIGGER search_order_counts_insert;
  INSERT INTO search_order
  SELECT e.* FROM lawyer_profiles lp, search_order_entries(lp.status, lp.search_tags, lp.plan_level, lp.plan_level_until, lp.rotation_key, lp.id) e
   WHERE lp.status = 'approved'
   ORDER BY 1, 2, 3, 4;
  ALTER TABLE search_order ENABLE TRIGGER search_order_counts_insert;
  INSERT INTO search_order_counts (scope, level, bucket, lawyers)
  SELECT scope, level, (rotation_key >> 24)::smallint, count(*)::int FROM search_order GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
END
$$;
--> statement-breakpoint
SELECT rebuild_search_order();
