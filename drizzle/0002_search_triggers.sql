-- Search reads lawyer_profiles alone: search_tags ('a:<area>', 'c:<city>'), plan_level and
-- plan_level_until are derived from lawyer_practice_areas, lawyer_cities and the active lawyer_plans
-- row, and kept in step here, by the database, whatever code writes those tables.
CREATE FUNCTION refresh_lawyer_search(ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE lawyer_profiles lp SET
    search_tags =
      coalesce((SELECT array_agg('a:' || a.area_id ORDER BY a.area_id) FROM lawyer_practice_areas a WHERE a.lawyer_id = lp.id), '{}'::text[])
      || coalesce((SELECT array_agg('c:' || c.city_id ORDER BY c.city_id) FROM lawyer_cities c WHERE c.lawyer_id = lp.id), '{}'::text[]),
    plan_level = coalesce((
      SELECT CASE pl.plan_type WHEN 'premium' THEN 3 WHEN 'intermediario' THEN 2 WHEN 'basico' THEN 1 ELSE 0 END
      FROM lawyer_plans pl WHERE pl.lawyer_id = lp.id AND pl.status = 'active'), 0),
    plan_level_until = (SELECT pl.end_date FROM lawyer_plans pl WHERE pl.lawyer_id = lp.id AND pl.status = 'active')
  WHERE lp.id = ANY(ids);
$$;
--> statement-breakpoint
CREATE FUNCTION lawyer_search_refresh_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_lawyer_search(ARRAY(SELECT DISTINCT lawyer_id FROM changed_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lawyer_search_refresh_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_lawyer_search(ARRAY(SELECT lawyer_id FROM changed_rows UNION SELECT lawyer_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lawyer_practice_areas_search_insert AFTER INSERT ON lawyer_practice_areas REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_refresh_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_practice_areas_search_delete AFTER DELETE ON lawyer_practice_areas REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_refresh_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_practice_areas_search_update AFTER UPDATE ON lawyer_practice_areas REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_refresh_updated();
--> statement-breakpoint
CREATE TRIGGER lawyer_cities_search_insert AFTER INSERT ON lawyer_cities REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_refresh_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_cities_search_delete AFTER DELETE ON lawyer_cities REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_refresh_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_cities_search_update AFTER UPDATE ON lawyer_cities REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_refresh_updated();
--> statement-breakpoint
CREATE TRIGGER lawyer_plans_search_insert AFTER INSERT ON lawyer_plans REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_refresh_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_plans_search_delete AFTER DELETE ON lawyer_plans REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_refresh_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_plans_search_update AFTER UPDATE ON lawyer_plans REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_refresh_updated();
--> statement-breakpoint
SELECT refresh_lawyer_search(ARRAY(SELECT id FROM lawyer_profiles));
