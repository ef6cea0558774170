-- A page that starts inside a level (any page but the first of a level) found where it starts with a
-- statement that read the level's bucket rows of search_order_counts (up to 128), sorted them and ran a
-- window over them, after a second statement for the start bucket's count: 0.12 ms of the deep page's
-- 0.27 ms in search_order_page (page 1: 0.14 ms), on the bench database of 100,000 lawyers.
--
-- Now each row of search_order_level_totals also holds its level's non-empty buckets and their running
-- counts, as two arrays, kept by the same function and under the same advisory lock as the counts (a
-- statement's deltas are applied in place to the arrays of the pairs it touched) and by the rebuild.
-- search_order_page reads that one row and finds the page's bucket with a binary search: the same
-- rows in the same order (tests/integration/search-order.test.ts; the bench database compared case by
-- case with 0029's function), deep page 0.27 -> 0.18 ms.
ALTER TABLE "search_order_level_totals" ADD COLUMN "buckets" smallint[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "search_order_level_totals" ADD COLUMN "upto" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- A big scope's arrays (up to 128 buckets: about 800 bytes) are kept out of the row, so that the row a
-- statement rewrites stays narrow: a transaction that writes thousands of lawyers one statement at a
-- time leaves a version of it per statement, and reads walk them.
ALTER TABLE "search_order_level_totals" ALTER COLUMN "buckets" SET STORAGE EXTERNAL, ALTER COLUMN "upto" SET STORAGE EXTERNAL, SET (toast_tuple_target = 128);
--> statement-breakpoint
-- The arrays of the rows there are, from their count rows.
UPDATE search_order_level_totals t SET buckets = a.buckets, upto = a.upto FROM (
  SELECT w.scope, w.level, array_agg(w.bucket ORDER BY w.bucket) AS buckets, array_agg(w.upto ORDER BY w.bucket) AS upto FROM (
    SELECT c.scope, c.level, c.bucket, (sum(c.lawyers) OVER (PARTITION BY c.scope, c.level ORDER BY c.bucket))::int AS upto FROM search_order_counts c) w
  GROUP BY 1, 2) a
WHERE t.scope = a.scope AND t.level = a.level;
--> statement-breakpoint
-- A level's buckets and running counts after deltas (sorted by bucket, one per bucket) in place: a bucket
-- that keeps or gets lawyers shifts the running counts from it up; one that empties leaves, and the
-- counts above it drop by what it held. A statement usually moves one lawyer: one bucket per level.
CREATE FUNCTION search_order_buckets_add(bks smallint[], ups integer[], delta_buckets smallint[], delta_lawyers integer[], OUT buckets smallint[], OUT upto integer[])
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  k integer;
  b smallint;
  d integer;
  n integer;
  lo integer;
  hi integer;
  mid integer;
  p integer;
  x integer;
  was integer;
BEGIN
  bks := coalesce(bks, '{}');
  ups := coalesce(ups, '{}');
  FOR k IN 1 .. coalesce(array_length(delta_buckets, 1), 0) LOOP
    b := delta_buckets[k];
    d := delta_lawyers[k];
    n := coalesce(array_length(bks, 1), 0);
    -- p: the first bucket at or above b (n + 1 if none).
    lo := 1; hi := n + 1;
    WHILE lo < hi LOOP
      mid := (lo + hi) / 2;
      IF bks[mid] < b THEN lo := mid + 1; ELSE hi := mid; END IF;
    END LOOP;
    p := lo;
    was := CASE WHEN p <= n AND bks[p] = b THEN ups[p] - CASE WHEN p > 1 THEN ups[p - 1] ELSE 0 END ELSE 0 END;
    IF was + d > 0 THEN
      IF was = 0 THEN
        bks := bks[1:p - 1] || b || bks[p:n];
        ups := ups[1:p - 1] || (CASE WHEN p > 1 THEN ups[p - 1] ELSE 0 END) || ups[p:n];
        n := n + 1;
      END IF;
      FOR x IN p .. n LOOP
        ups[x] := ups[x] + d;
      END LOOP;
    ELSIF was > 0 THEN
      FOR x IN p + 1 .. n LOOP
        ups[x] := ups[x] - was;
      END LOOP;
      bks := bks[1:p - 1] || bks[p + 1:n];
      ups := ups[1:p - 1] || ups[p + 1:n];
    END IF;
  END LOOP;
  buckets := bks;
  upto := ups;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_order_counts_apply(scopes text[], levels smallint[], buckets smallint[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
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
  -- Each touched pair's totals row takes this statement's deltas in place (search_order_buckets_add), in
  -- one update by its key: no count row is read, so a transaction that writes many lawyers one statement
  -- at a time does not read a scope's buckets again each time. The advisory lock keeps other writers out.
  FOR r IN
    SELECT m.scope, m.level, array_agg(m.bucket ORDER BY m.bucket) AS bks, array_agg(m.delta ORDER BY m.bucket) AS ds FROM (
      SELECT u.scope, u.level, u.bucket, sum(u.delta)::int AS delta FROM unnest(scopes, levels, buckets, deltas) u(scope, level, bucket, delta)
       GROUP BY 1, 2, 3 HAVING sum(u.delta) <> 0) m
    GROUP BY 1, 2 ORDER BY 1, 2
  LOOP
    UPDATE search_order_level_totals t SET (lawyers, buckets, upto) = (
      SELECT coalesce(a.upto[array_length(a.upto, 1)], 0), a.buckets, a.upto FROM search_order_buckets_add(t.buckets, t.upto, r.bks, r.ds) a)
     WHERE t.scope = r.scope AND t.level = r.level;
    IF NOT FOUND THEN
      INSERT INTO search_order_level_totals (scope, level, lawyers, buckets, upto)
      SELECT r.scope, r.level, a.upto[array_length(a.upto, 1)], a.buckets, a.upto FROM search_order_buckets_add('{}', '{}', r.bks, r.ds) a
       WHERE coalesce(array_length(a.buckets, 1), 0) > 0;
    END IF;
  END LOOP;
  DELETE FROM search_order_level_totals t USING (SELECT DISTINCT u.scope, u.level FROM unnest(scopes, levels) u(scope, level)) m
   WHERE t.scope = m.scope AND t.level = m.level AND t.lawyers <= 0;
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
  INSERT INTO search_order_level_totals (scope, level, lawyers, buckets, upto)
  SELECT w.scope, w.level, max(w.upto), array_agg(w.bucket ORDER BY w.bucket), array_agg(w.upto ORDER BY w.bucket) FROM (
    SELECT c.scope, c.level, c.bucket, (sum(c.lawyers) OVER (PARTITION BY c.scope, c.level ORDER BY c.bucket))::int AS upto FROM search_order_counts c) w
  GROUP BY 1, 2 ORDER BY 1, 2;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_order_page(p_scope text, p_start integer, p_offset integer, p_limit integer)
RETURNS TABLE (n integer, lawyer_id text, total integer) LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  start_bucket integer := p_start >> 24;
  start_hi bigint := (start_bucket + 1)::bigint << 24;
  scope_total integer;
  levels smallint[];
  level_totals integer[];
  bks smallint[];
  ups integer[];
  nb integer;
  i integer;
  j integer;
  lo integer;
  hi integer;
  mid integer;
  k integer;
  lvl smallint;
  below integer;
  start_count integer;
  above integer;
  upper_count integer;
  from_key bigint;
  upper_half boolean;
  skip integer := p_offset;
  need integer := p_limit;
  got integer;
  reached integer := p_offset;
BEGIN
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
    -- Where the page starts in the level's circle: from_key, in the upper half (keys from p_start) or
    -- the lower one (keys below it), after skipping `skip` entries from there.
    from_key := p_start;
    upper_half := true;
    IF skip > 0 THEN
      -- The level's non-empty buckets and their running counts (one row): bucket bks[x] holds
      -- ups[x] - ups[x - 1] lawyers; ups[nb] is the level's total.
      SELECT t.buckets, t.upto INTO bks, ups FROM search_order_level_totals t WHERE t.scope = p_scope AND t.level = lvl;
      nb := coalesce(array_length(bks, 1), 0);
      -- j: the first bucket at or above the start bucket (nb + 1 if none).
      lo := 1; hi := nb + 1;
      WHILE lo < hi LOOP
        mid := (lo + hi) / 2;
        IF bks[mid] < start_bucket THEN lo := mid + 1; ELSE hi := mid; END IF;
      END LOOP;
      j := lo;
      below := CASE WHEN j > 1 THEN ups[j - 1] ELSE 0 END;
      start_count := CASE WHEN j <= nb AND bks[j] = start_bucket THEN ups[j] - below ELSE 0 END;
      -- below: lawyers in buckets under the start bucket; above: over it.
      above := level_totals[i] - below - start_count;
      upper_count := 0;
      IF start_count > 0 THEN
        SELECT count(*)::int INTO upper_count FROM search_order o
         WHERE o.scope = p_scope AND o.level = lvl AND o.rotation_key >= p_start AND o.rotation_key < start_hi;
      END IF;
      -- The circle's pieces in order: the start bucket's upper part (upper_count), the buckets above it,
      -- the buckets below it, then the start bucket's lower part.
      IF skip < upper_count THEN
        NULL;
      ELSIF skip < upper_count + above + below THEN
        IF skip < upper_count + above THEN
          k := below + start_count + skip - upper_count;
        ELSE
          k := skip - upper_count - above;
          upper_half := false;
        END IF;
        -- k: the entry's place in the level's key order; its bucket is the first whose running count
        -- passes it (a binary search).
        lo := 1; hi := nb;
        WHILE lo < hi LOOP
          mid := (lo + hi) / 2;
          IF ups[mid] > k THEN hi := mid; ELSE lo := mid + 1; END IF;
        END LOOP;
        from_key := bks[lo]::bigint << 24;
        skip := k - CASE WHEN lo > 1 THEN ups[lo - 1] ELSE 0 END;
      ELSE
        from_key := start_bucket::bigint << 24;
        upper_half := false;
        skip := skip - upper_count - above - below;
      END IF;
    END IF;
    IF upper_half THEN
      RETURN QUERY
        SELECT (reached + row_number() OVER (ORDER BY p.rotation_key, p.lawyer_id))::int, p.lawyer_id, scope_total FROM (
          SELECT o.rotation_key, o.lawyer_id FROM search_order o
           WHERE o.scope = p_scope AND o.level = lvl AND o.rotation_key >= from_key
           ORDER BY o.rotation_key, o.lawyer_id OFFSET skip LIMIT need) p;
      GET DIAGNOSTICS got = ROW_COUNT;
      need := need - got;
      reached := reached + got;
      skip := 0;
      -- The lower half: every key below p_start (the column allows keys below 0).
      from_key := -2147483648;
    END IF;
    IF need > 0 THEN
      RETURN QUERY
        SELECT (reached + row_number() OVER (ORDER BY p.rotation_key, p.lawyer_id))::int, p.lawyer_id, scope_total FROM (
          SELECT o.rotation_key, o.lawyer_id FROM search_order o
           WHERE o.scope = p_scope AND o.level = lvl AND o.rotation_key >= from_key AND o.rotation_key < p_start
           ORDER BY o.rotation_key, o.lawyer_id OFFSET skip LIMIT need) p;
      GET DIAGNOSTICS got = ROW_COUNT;
      need := need - got;
      reached := reached + got;
      skip := 0;
    END IF;
    EXIT WHEN need <= 0;
  END LOOP;
END
$$;
