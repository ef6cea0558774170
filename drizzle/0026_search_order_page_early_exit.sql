-- search_order_page (0023) read a scope's every count row three times and sorted them (about 500 rows in
-- a big city's scope) before it returned the first lawyer: 0.6 ms of PostgreSQL's CPU per search, page 1
-- included. Same result, same order; the pieces are now read in order from the counts' primary key
-- (scope, level, bucket), level by level, and the reading stops as soon as the page is full: page 1
-- reads a few count rows. A deep page steps over whole levels by their totals, then over the buckets
-- of its own level by their counts.
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
  -- The scope's levels, highest first, with their totals: one aggregate of the scope's count rows.
  SELECT coalesce(array_agg(t.level ORDER BY t.level DESC), '{}'), coalesce(array_agg(t.lawyers ORDER BY t.level DESC), '{}'), coalesce(sum(t.lawyers), 0)::int
    INTO levels, level_totals, scope_total
    FROM (SELECT c.level, sum(c.lawyers)::int AS lawyers FROM search_order_counts c WHERE c.scope = p_scope GROUP BY c.level) t;
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
