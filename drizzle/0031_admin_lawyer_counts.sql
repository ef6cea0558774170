CREATE TABLE "lawyer_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"lawyers" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "active_plan_counts" (
	"plan_type" text NOT NULL,
	"end_day" date NOT NULL,
	"lawyers" integer NOT NULL,
	CONSTRAINT "active_plan_counts_plan_type_end_day_pk" PRIMARY KEY("plan_type","end_day")
);
--> statement-breakpoint
-- A part of an OAB number (/admin/lawyers' search, LIKE '%…%') had no index: at 1.55 million lawyers a
-- rare number was a walk of every profile in creation order (7.5 s). The OAB as written ('SP 123456')
-- is a range of lawyer_profiles_oab_idx, in the app's query.
CREATE INDEX "lawyer_profiles_numero_oab_trgm_idx" ON "lawyer_profiles" USING gin ("numero_oab" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lawyer_plans_active_end_idx" ON "lawyer_plans" USING btree ("end_date","plan_type") WHERE "lawyer_plans"."status" = 'active';--> statement-breakpoint
-- /admin/lawyers' 'Visão Geral' and 'Área Financeira' counted every profile and every active plan on
-- each request: at 1.55 million lawyers, 95 ms and 245 ms (decision 0075). Both are now kept here, by
-- the database, whatever code writes lawyer_profiles or lawyer_plans, as landing_scope_counts is
-- (migration 0014): statement triggers sum an INSERT's or DELETE's rows per key, a row trigger turns a
-- change of status (or of an active plan's type or end) into a -1 and a +1, and one upsert applies them
-- in key order under the summaries' transaction-level advisory lock (class 7283420, key 0), so
-- concurrent writers leave exact counts and never deadlock on these rows. A row reaching 0 is deleted.
-- active_plan_counts keys an active plan by its plan and the UTC day it ends ('infinity' when it never
-- ends): the page sums the days before today as ended and after it as running, and splits today's
-- plans at 'now' with a range of lawyer_plans_active_end_idx.
CREATE FUNCTION lawyer_status_counts_apply(statuses text[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF statuses IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(7283420, 0);
  INSERT INTO lawyer_status_counts AS s (status, lawyers)
  SELECT * FROM unnest(statuses, deltas) ORDER BY 1
  ON CONFLICT (status) DO UPDATE SET lawyers = s.lawyers + excluded.lawyers;
  DELETE FROM lawyer_status_counts WHERE status = ANY (statuses) AND lawyers <= 0;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lawyer_status_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  statuses text[];
  deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(status), array_agg(n) INTO statuses, deltas FROM (SELECT status, count(*)::int AS n FROM new_rows GROUP BY 1) m;
  ELSE
    SELECT array_agg(status), array_agg(n) INTO statuses, deltas FROM (SELECT status, -count(*)::int AS n FROM old_rows GROUP BY 1) m;
  END IF;
  PERFORM lawyer_status_counts_apply(statuses, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lawyer_status_counts_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_status_counts_apply(ARRAY[OLD.status, NEW.status], ARRAY[-1, 1]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lawyer_status_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lawyer_status_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lawyer_profiles_status_counts_insert AFTER INSERT ON lawyer_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_profiles_status_counts_update AFTER UPDATE OF status ON lawyer_profiles FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION lawyer_status_counts_row_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_profiles_status_counts_delete AFTER DELETE ON lawyer_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_profiles_status_counts_truncate AFTER TRUNCATE ON lawyer_profiles FOR EACH STATEMENT EXECUTE FUNCTION lawyer_status_counts_truncated();
--> statement-breakpoint
-- The day an active plan is kept under: its end's UTC date, 'infinity' for a plan that never ends.
CREATE FUNCTION active_plan_end_day(end_date timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((end_date AT TIME ZONE 'UTC')::date, 'infinity'::date)
$$;
--> statement-breakpoint
-- Keys must be distinct and deltas non-zero (the callers group and filter them).
CREATE FUNCTION active_plan_counts_apply(plan_types text[], end_days date[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF plan_types IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(7283420, 0);
  INSERT INTO active_plan_counts AS c (plan_type, end_day, lawyers)
  SELECT * FROM unnest(plan_types, end_days, deltas) ORDER BY 1, 2
  ON CONFLICT (plan_type, end_day) DO UPDATE SET lawyers = c.lawyers + excluded.lawyers;
  DELETE FROM active_plan_counts c USING unnest(plan_types, end_days) m(plan_type, end_day)
   WHERE c.plan_type = m.plan_type AND c.end_day = m.end_day AND c.lawyers <= 0;
END
$$;
--> statement-breakpoint
CREATE FUNCTION active_plan_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plan_types text[];
  end_days date[];
  deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(plan_type), array_agg(end_day), array_agg(n) INTO plan_types, end_days, deltas FROM (
      SELECT plan_type, active_plan_end_day(end_date) AS end_day, count(*)::int AS n FROM new_rows WHERE status = 'active' GROUP BY 1, 2) m;
  ELSE
    SELECT array_agg(plan_type), array_agg(end_day), array_agg(n) INTO plan_types, end_days, deltas FROM (
      SELECT plan_type, active_plan_end_day(end_date) AS end_day, -count(*)::int AS n FROM old_rows WHERE status = 'active' GROUP BY 1, 2) m;
  END IF;
  PERFORM active_plan_counts_apply(plan_types, end_days, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION active_plan_counts_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plan_types text[];
  end_days date[];
  deltas integer[];
BEGIN
  SELECT array_agg(plan_type), array_agg(end_day), array_agg(n) INTO plan_types, end_days, deltas FROM (
    SELECT plan_type, end_day, sum(delta)::int AS n FROM (
      SELECT OLD.plan_type AS plan_type, active_plan_end_day(OLD.end_date) AS end_day, -1 AS delta WHERE OLD.status = 'active'
      UNION ALL
      SELECT NEW.plan_type, active_plan_end_day(NEW.end_date), 1 WHERE NEW.status = 'active') d
    GROUP BY 1, 2 HAVING sum(delta) <> 0) m;
  PERFORM active_plan_counts_apply(plan_types, end_days, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION active_plan_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM active_plan_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lawyer_plans_counts_insert AFTER INSERT ON lawyer_plans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION active_plan_counts_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_plans_counts_update AFTER UPDATE OF status, plan_type, end_date ON lawyer_plans FOR EACH ROW
  WHEN ((OLD.status = 'active' OR NEW.status = 'active') AND (OLD.status, OLD.plan_type, OLD.end_date) IS DISTINCT FROM (NEW.status, NEW.plan_type, NEW.end_date))
  EXECUTE FUNCTION active_plan_counts_row_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_plans_counts_delete AFTER DELETE ON lawyer_plans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION active_plan_counts_changed();
--> statement-breakpoint
CREATE TRIGGER lawyer_plans_counts_truncate AFTER TRUNCATE ON lawyer_plans FOR EACH STATEMENT EXECUTE FUNCTION active_plan_counts_truncated();
--> statement-breakpoint
-- Rebuilds both summaries from the tables (this migration's backfill; a repair by hand). Writers of
-- lawyer_profiles and lawyer_plans wait until the transaction ends, so no trigger adds to a half-built table.
CREATE FUNCTION rebuild_admin_lawyer_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE lawyer_profiles, lawyer_plans IN SHARE MODE;
  DELETE FROM lawyer_status_counts;
  INSERT INTO lawyer_status_counts (status, lawyers) SELECT status, count(*) FROM lawyer_profiles GROUP BY 1;
  DELETE FROM active_plan_counts;
  INSERT INTO active_plan_counts (plan_type, end_day, lawyers)
  SELECT plan_type, active_plan_end_day(end_date), count(*) FROM lawyer_plans WHERE status = 'active' GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
SELECT rebuild_admin_lawyer_counts();
