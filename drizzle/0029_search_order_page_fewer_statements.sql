-- search_order_page (0027) walked a level's circle piece by piece (the start bucket's upper part, each
-- bucket above it, each below it, the start bucket's lower part), one statement per piece: page 1 of a
-- big city ran six to eight of them, read every bucket count of the level, and, since the statements
-- take their values from PL/pgSQL variables, the plan cache planned each again on every call. It cost
-- 0.86 ms a call on the bench database, about 0.6 ms of it planning.
--
-- Now:
-- * A level's circle is two ranges of the primary key: its upper half (rotation keys from p_start) and
--   its lower half (keys below p_start). A page that starts at the beginning of a level (page 1, and any
--   page whose offset falls on a level's first lawyer) reads them directly, without counts.
-- * A page that starts inside a level finds the piece its offset falls in with one statement (a running
--   sum over the level's bucket counts); from there it reads to the end of that half in one statement
--   (and the other half in a second, if the page goes on), instead of one statement per piece.
-- * The function always uses generic plans (every statement is a range on a primary key, whatever the
--   values), planned once per connection.
-- The rows and their order are unchanged (tests/integration/search-order.test.ts holds them to the
-- reference query; the bench database was compared case by case with 0027's function).
CREATE OR REPLACE FUNCTION search_order_page(p_scope text, p_start integer, p_offset integer, p_limit integer)
RETURNS TABLE (n integer, lawyer_id text, total integer) LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
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
  from_key bigint;
  upper_half boolean;
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
    -- Where the page starts in the level's circle: from_key, in the upper half or the lower one, after
    -- skipping `skip` entries from there.
    -- (Counts that did not add up to the level's total would leave the level unread: nothing else.)
    from_key := p_start;
    upper_half := false;
    IF skip = 0 THEN
      upper_half := true;
    ELSE
      SELECT coalesce(max(c.lawyers), 0) INTO start_count FROM search_order_counts c WHERE c.scope = p_scope AND c.level = lvl AND c.bucket = start_bucket;
      upper_count := 0;
      IF start_count > 0 THEN
        SELECT count(*)::int INTO upper_count FROM search_order o
         WHERE o.scope = p_scope AND o.level = lvl AND o.rotation_key >= p_start AND o.rotation_key < start_hi;
      END IF;
      -- The circle's pieces in order: the start bucket's upper part, the buckets above it (the upper
      -- half), the buckets below it, then the start bucket's lower part (the lower half). One statement
      -- finds the piece the offset falls in, by the running count.
      SELECT w.lo, w.part < 2, skip - (w.upto - w.lawyers) INTO from_key, upper_half, skip FROM (
        SELECT q.part, q.lo, q.lawyers, sum(q.lawyers) OVER (ORDER BY q.part, q.lo) AS upto FROM (
          SELECT 0 AS part, p_start::bigint AS lo, upper_count AS lawyers
          UNION ALL
          SELECT 1, c.bucket::bigint << 24, c.lawyers FROM search_order_counts c
           WHERE c.scope = p_scope AND c.level = lvl AND c.bucket > start_bucket
          UNION ALL
          SELECT 2, c.bucket::bigint << 24, c.lawyers FROM search_order_counts c
           WHERE c.scope = p_scope AND c.level = lvl AND c.bucket < start_bucket
          UNION ALL
          SELECT 3, (start_bucket::bigint) << 24, start_count - upper_count) q
      ) w WHERE w.lawyers > 0 AND w.upto > skip ORDER BY w.part, w.lo LIMIT 1;
      IF NOT FOUND THEN
        from_key := p_start;
        upper_half := false;
        skip := 0;
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
      from_key := 0;
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
