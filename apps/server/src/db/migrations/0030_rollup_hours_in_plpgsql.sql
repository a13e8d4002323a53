-- The two site-time helpers of the rollups, as PL/pgSQL with the same answers (ADR 047). As SQL
-- functions they could not be inlined (they read the settings in a FROM and subqueries), so
-- PostgreSQL planned their body afresh at every call: ~80–300 µs a call, three calls per vendor
-- round from the rollup triggers, most of what the rollups cost the round path. PL/pgSQL keeps
-- the plan of its one settings query for the session.
CREATE OR REPLACE FUNCTION "rollup_counting_hour"("settled" timestamptz, "written" timestamptz) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
DECLARE
  "site_offset" interval;
  "grace" integer;
BEGIN
  SELECT coalesce((SELECT "gmt_offset"::interval FROM "site_settings" WHERE "id" = 1), interval '0'),
         coalesce((SELECT "grace_minutes" FROM "rollup_settings" WHERE "id" = 1), 10)
    INTO "site_offset", "grace";
  RETURN greatest(
           date_trunc('hour', "settled" + "site_offset") - "site_offset",
           date_trunc('hour', "written" - make_interval(mins => "grace") + "site_offset") - "site_offset");
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rollup_site_day"("hour" timestamptz) RETURNS date
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (("hour" AT TIME ZONE 'UTC') + coalesce((SELECT "gmt_offset"::interval FROM "site_settings" WHERE "id" = 1), interval '0'))::date;
END $$;
