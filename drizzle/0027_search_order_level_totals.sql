-- search_order_page (0026) summed a scope's count rows by level on every search: about 500 rows in a
-- big city's scope, a sixth of the search query's time in PostgreSQL (0.1 of 0.6 ms). Those sums are
-- now kept, by level, in search_order_level_totals, written by the same statement triggers and in the
-- same upsert function as search_order_counts (under the same advisory lock), and rebuilt with them.
-- search_order_page reads a scope's few total rows instead; its result is unchanged.
CREATE TABLE "search_order_level_totals" (
	"scope" text NOT NULL,
	"level" smallint NOT NULL,
	"lawyers" integer NOT NULL,
	CONSTRAINT "search_order_level_totals_pk" PRIMARY KEY ("scope", "level")
);
--> statement-breakpoint
INSERT INTO search_order_level_totals (scope, level, lawyers)
SELECT scope, level, sum(lawyers)::int FROM search_order_counts GROUP BY 1, 2 ORDER BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_order_counts_apply(scopes text[], levels smallint[], buckets smallint[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO search_order_level_totals AS t (scope, level, lawyers)
  SELECT m.scope, m.level, sum(m.delta)::int FROM unnest(scopes, levels, deltas) m(scope, level, delta)
   GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (scope, level) DO UPDATE SET lawyers = t.lawyers + excluded.lawyers;
  DELETE FROM search_order_level_totals t USING (SELECT DISTINCT u.scope, u.level FROM unnest(scopes, levels) u(scope, level)) m
   WHERE t.scope = m.scope AND t.level = m.level AND t.lawyers <= 0;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_order_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_order_counts;
  DELETE FROM search_order_level_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_search_order() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE lawyer_profiles IN SHARE MODE;
  TRUNCATE search_order, search_order_counts, search_order_level_totals;
  ALTER TABLE search_order DISABLE TRIGGER search_order_counts_insert;
  INSERT INTO search_order
  SELECT e.* FROM lawyer_profiles lp, search_order_entries(lp.status, lp.search_tags, lp.plan_level, lp.plan_level_until, lp.rotation_key, lp.id) e
   WHERE lp.status = 'approved'
   ORDER BY 1, 2, 3, 4;
  ALTER TABLE search_order ENABLE TRIGGER search_order_counts_insert;
  INSERT INTO search_order_counts (scope, level, bucket, lawyers)
  SELECT scope, level, (rotation_key >> 24)::smallint, count(*)::int FROM search_order GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  INSERT INTO search_order_level_totals (scope, level, lawyers)
  SELECT scope, level, sum(lawyers)::int FROM search_order_counts GROUP BY 1, 2 ORDER BY 1, 2;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_order_page(p_scope text, p_start integer, p_offset integer, p_limit integer)
RETURNS TABLE (n integer, lawyer_id text, total integer) LANGUAGE plpgsql STABLE AS $$
DECLARE
  start_bucket integer := p_start >> 24;
  start_hi bigint := (start_bucket + 1)::bigint << 24;
  scope_total integer;
  levels smallint[];
  level_totals integer[];
  i integer;
  lvl smallint;
  start_count integer;
  upper_count integer;
  piece record;
  skip integer := p_offset;
  need integer := p_limit;
  got integer;
  reached integer := p_offset;
BEGIN
  -- The scope's levels, highest first, with their totals: a few rows of search_order_level_totals.
  SELECT coalesce(array_agg(t.level ORDER BY t.level DESC), '{}'), coalesce(array_agg(t.lawyers ORDER BY t.level DESC), '{}'), coalesce(sum(t.lawyers), 0)::int
    INTO levels, level_totals, scope_total
    FROM search_order_level_totals t WHERE t.scope = p_scope;
  n := 0; lawyer_id := NULL; total := scope_total;
  RETURN NEXT;
  IF p_offset >= scope_total OR p_limit <= 0 THEN
    RETURN;
  END IF;
  FOR i IN 1 .. coalesce(array_length(levels, 1), 0) LOOP
    lvl := levels[i];
    -- A level wholly before the page is stepped over by its total, without reading its buckets.
    IF skip >= level_totals[i] THEN
      skip := skip - level_totals[i];
      CONTINUE;
    END IF;
    SELECT coalesce(max(c.lawyers), 0) INTO start_count FROM search_order_counts c WHERE c.scope = p_scope AND c.level = lvl AND c.bucket = start_bucket;
    upper_count := 0;
    IF start_count > 0 THEN
      SELECT count(*)::int INTO upper_count FROM search_order o
       WHERE o.scope = p_scope AND o.level = lvl AND o.rotation_key >= p_start AND o.rotation_key < start_hi;
    END IF;
    -- The level's circle from p_start: the start bucket's upper part, the buckets above it, the buckets
    -- below it, then the start bucket's lower part.
    FOR piece IN
      SELECT 0 AS part, p_start::bigint AS lo, start_hi AS hi, upper_count AS lawyers
      UNION ALL
      (SELECT 1, c.bucket::bigint << 24, (c.bucket + 1)::bigint << 24, c.lawyers FROM search_order_counts c
        WHERE c.scope = p_scope AND c.level = lvl AND c.bucket > start_bucket ORDER BY c.bucket)
      UNION ALL
      (SELECT 2, c.bucket::bigint << 24, (c.bucket + 1)::bigint << 24, c.lawyers FROM search_order_counts c
        WHERE c.scope = p_scope AND c.level = lvl AND c.bucket < start_bucket ORDER BY c.bucket)
      UNION ALL
      SELECT 3, (start_bucket::bigint) << 24, p_start::bigint, start_count - upper_count
    LOOP
      CONTINUE WHEN piece.lawyers <= 0;
      IF skip >= piece.lawyers THEN
        skip := skip - piece.lawyers;
        CONTINUE;
      END IF;
      RETURN QUERY
        SELECT (reached + row_number() OVER (ORDER BY p.rotation_key, p.lawyer_id))::int, p.lawyer_id, scope_total FROM (
          SELECT o.rotation_key, o.lawyer_id FROM search_order o
           WHERE o.scope = p_scope AND o.level = lvl AND o.rotation_key >= piece.lo AND o.rotation_key < piece.hi
           ORDER BY o.rotation_key, o.lawyer_id OFFSET skip LIMIT need) p;
      GET DIAGNOSTICS got = ROW_COUNT;
      need := need - got;
      reached := reached + got;
      skip := 0;
      EXIT WHEN need <= 0;
    END LOOP;
    EXIT WHEN need <= 0;
  END LOOP;
END
$$;
