CREATE TABLE "member_active_days" (
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"active_rows" integer NOT NULL,
	CONSTRAINT "member_active_days_pkey" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "team_active_days" (
	"ancestor_id" bigint NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"pairs" integer NOT NULL,
	CONSTRAINT "team_active_days_pkey" PRIMARY KEY("ancestor_id","day","prev_day")
);
--> statement-breakpoint
CREATE TABLE "team_active_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_active_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"pairs" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_rollup_deltas" ADD COLUMN "movement_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_rollup_deltas" ADD COLUMN "new_members" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_rollups" ADD COLUMN "movement_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_rollups" ADD COLUMN "new_members" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The site day (its GMT offset) holding an hour of the rollups (ADR 041).
CREATE FUNCTION "rollup_site_day"("hour" timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (("hour" AT TIME ZONE 'UTC') + coalesce((SELECT "gmt_offset"::interval FROM "site_settings" WHERE "id" = 1), interval '0'))::date
$$;
--> statement-breakpoint
-- A member's previous active day as the active pairs keep it (ADR 041): none ('-infinity') when
-- there is none or it lies more than 92 days (the longest period) before the day, where it is
-- before the start of any period holding the day.
CREATE FUNCTION "active_prev_day"("day" date, "prev" date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "prev" IS NOT NULL AND "prev" >= "day" - 92 THEN "prev" ELSE '-infinity'::date END
$$;
--> statement-breakpoint
-- Every member's active days with the previous one: what the team's pairs add up.
CREATE VIEW "member_active_pairs" AS
SELECT "member_id", "day", active_prev_day("day", lag("day") OVER (PARTITION BY "member_id" ORDER BY "day")) AS "prev_day"
  FROM "member_active_days";
--> statement-breakpoint
-- One more (change 1) or one fewer (-1) round rollup row with a round on a member's site day. When
-- the day becomes active or inactive, the pairs it touches are queued for the team fold: its own
-- (day, previous day) and the next active day's, whose previous day it becomes or stops being.
CREATE FUNCTION "member_active_day_count"("member" bigint, "active_day" date, "change" integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  "rows_now" integer;
  "sign" integer;
  "prev" date;
  "next" date;
BEGIN
  INSERT INTO "member_active_days" AS "a" ("member_id", "day", "active_rows") VALUES ("member", "active_day", "change")
  ON CONFLICT ("member_id", "day") DO UPDATE SET "active_rows" = "a"."active_rows" + excluded."active_rows"
  RETURNING "a"."active_rows" INTO "rows_now";
  IF "rows_now" = 1 AND "change" = 1 THEN
    "sign" := 1;
  ELSIF "rows_now" = 0 THEN
    "sign" := -1;
    DELETE FROM "member_active_days" WHERE "member_id" = "member" AND "day" = "active_day";
  ELSE
    RETURN;
  END IF;
  -- Another transaction adding or dropping a day of this member waits here, then reads this one's
  -- day as committed: neighbours are never read stale.
  PERFORM pg_advisory_xact_lock(4242041, ("member" % 2147483647)::int);
  SELECT max("day") INTO "prev" FROM "member_active_days" WHERE "member_id" = "member" AND "day" < "active_day";
  SELECT min("day") INTO "next" FROM "member_active_days" WHERE "member_id" = "member" AND "day" > "active_day";
  INSERT INTO "team_active_deltas" ("member_id", "day", "prev_day", "pairs")
  VALUES ("member", "active_day", active_prev_day("active_day", "prev"), "sign");
  IF "next" IS NOT NULL THEN
    INSERT INTO "team_active_deltas" ("member_id", "day", "prev_day", "pairs")
    VALUES ("member", "next", active_prev_day("next", "prev"), -"sign"),
           ("member", "next", active_prev_day("next", "active_day"), "sign");
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "member_active_days_of_rounds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."bet_count" > 0 THEN
    PERFORM member_active_day_count(OLD."member_id", rollup_site_day(OLD."hour_start"), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."bet_count" > 0 THEN
    PERFORM member_active_day_count(NEW."member_id", rollup_site_day(NEW."hour_start"), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only a row gaining or losing its rounds (or moving) calls the function: a further round in an
-- hour already counted pays nothing.
CREATE TRIGGER "member_active_days_on_insert" AFTER INSERT ON "member_round_rollups" FOR EACH ROW WHEN (NEW."bet_count" > 0) EXECUTE FUNCTION "member_active_days_of_rounds"();
--> statement-breakpoint
CREATE TRIGGER "member_active_days_on_update" AFTER UPDATE ON "member_round_rollups" FOR EACH ROW
  WHEN ((OLD."bet_count" > 0) <> (NEW."bet_count" > 0)
        OR (OLD."bet_count" > 0 AND (OLD."member_id" <> NEW."member_id" OR OLD."hour_start" <> NEW."hour_start")))
  EXECUTE FUNCTION "member_active_days_of_rounds"();
--> statement-breakpoint
CREATE TRIGGER "member_active_days_on_delete" AFTER DELETE ON "member_round_rollups" FOR EACH ROW WHEN (OLD."bet_count" > 0) EXECUTE FUNCTION "member_active_days_of_rounds"();
--> statement-breakpoint
-- The team figures gain every main-wallet entry's amount (the line's balance, summed over all
-- hours) and registrations (ADR 041).
DROP VIEW "member_team_figures";
--> statement-breakpoint
DROP FUNCTION "team_money_figures"(text, text, bigint);
--> statement-breakpoint
CREATE FUNCTION "team_money_figures"("ledger_type" text, "direction" text, "amount" bigint)
RETURNS TABLE ("deposit_minor" bigint, "withdrawal_minor" bigint, "bonus_minor" bigint,
               "transfer_in_minor" bigint, "transfer_out_minor" bigint, "movement_minor" bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "ledger_type" = 'DEPOSIT' THEN "amount" ELSE 0 END::bigint,
         CASE WHEN "ledger_type" IN ('WITHDRAWAL_HOLD', 'WITHDRAWAL_PAYOUT', 'WITHDRAWAL_RELEASE') THEN -"amount" ELSE 0 END::bigint,
         CASE WHEN "ledger_type" = 'BONUS' THEN "amount" ELSE 0 END::bigint,
         CASE WHEN "ledger_type" = 'TRANSFER' AND "direction" = 'IN' THEN "amount" ELSE 0 END::bigint,
         CASE WHEN "ledger_type" = 'TRANSFER' AND "direction" = 'OUT' THEN -"amount" ELSE 0 END::bigint,
         "amount"
$$;
--> statement-breakpoint
CREATE VIEW "member_team_figures" AS
SELECT "member_id", "hour_start", "bet_count", "stake_minor", "valid_bet_minor", "payout_minor",
       0::bigint AS "deposit_minor", 0::bigint AS "withdrawal_minor", 0::bigint AS "bonus_minor",
       0::bigint AS "transfer_in_minor", 0::bigint AS "transfer_out_minor", 0::bigint AS "movement_minor", 0 AS "new_members"
  FROM "member_round_rollups"
UNION ALL
SELECT "m"."member_id", "m"."hour_start", 0, 0::bigint, 0::bigint, 0::bigint, "f".*, 0
  FROM "member_money_rollups" "m", team_money_figures("m"."ledger_type", "m"."direction", "m"."amount_minor") "f"
UNION ALL
SELECT "id", rollup_counting_hour("created_at", "created_at"), 0, 0::bigint, 0::bigint, 0::bigint,
       0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 1
  FROM "members";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "team_rollup_deltas_of_money"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."member_id" = NEW."member_id" AND OLD."hour_start" = NEW."hour_start"
     AND OLD."ledger_type" = NEW."ledger_type" AND OLD."direction" = NEW."direction" THEN
    INSERT INTO "team_rollup_deltas" ("member_id", "hour_start", "deposit_minor", "withdrawal_minor", "bonus_minor", "transfer_in_minor", "transfer_out_minor", "movement_minor")
    SELECT NEW."member_id", NEW."hour_start", "f".*
      FROM team_money_figures(NEW."ledger_type", NEW."direction", NEW."amount_minor" - OLD."amount_minor") "f";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "team_rollup_deltas" ("member_id", "hour_start", "deposit_minor", "withdrawal_minor", "bonus_minor", "transfer_in_minor", "transfer_out_minor", "movement_minor")
    SELECT OLD."member_id", OLD."hour_start", "f".*
      FROM team_money_figures(OLD."ledger_type", OLD."direction", -OLD."amount_minor") "f";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "team_rollup_deltas" ("member_id", "hour_start", "deposit_minor", "withdrawal_minor", "bonus_minor", "transfer_in_minor", "transfer_out_minor", "movement_minor")
    SELECT NEW."member_id", NEW."hour_start", "f".*
      FROM team_money_figures(NEW."ledger_type", NEW."direction", NEW."amount_minor") "f";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A registration, queued for the team fold in the member's own transaction.
CREATE FUNCTION "team_rollup_deltas_of_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "team_rollup_deltas" ("member_id", "hour_start", "new_members")
  VALUES (NEW."id", rollup_counting_hour(NEW."created_at", NEW."created_at"), 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "team_rollup_deltas_of_members" AFTER INSERT ON "members" FOR EACH ROW EXECUTE FUNCTION "team_rollup_deltas_of_members"();
--> statement-breakpoint
-- History so far. First the deltas already queued are folded (they were written without the new
-- figures), then the new figures of every hour are added, then the active days and their pairs.
SELECT pg_advisory_xact_lock(4242035);
--> statement-breakpoint
WITH "taken" AS (DELETE FROM "team_rollup_deltas" RETURNING *)
INSERT INTO "team_rollups" AS "r" ("ancestor_id", "hour_start", "bet_count", "stake_minor", "valid_bet_minor", "payout_minor",
       "deposit_minor", "withdrawal_minor", "bonus_minor", "transfer_in_minor", "transfer_out_minor")
SELECT "c"."ancestor_id", "t"."hour_start", sum("t"."bet_count")::int, sum("t"."stake_minor"), sum("t"."valid_bet_minor"),
       sum("t"."payout_minor"), sum("t"."deposit_minor"), sum("t"."withdrawal_minor"), sum("t"."bonus_minor"),
       sum("t"."transfer_in_minor"), sum("t"."transfer_out_minor")
  FROM "taken" "t" JOIN "line_closure" "c" ON "c"."member_id" = "t"."member_id" AND "c"."depth" >= 1
 GROUP BY 1, 2
ON CONFLICT ("ancestor_id", "hour_start") DO UPDATE
   SET "bet_count" = "r"."bet_count" + excluded."bet_count", "stake_minor" = "r"."stake_minor" + excluded."stake_minor",
       "valid_bet_minor" = "r"."valid_bet_minor" + excluded."valid_bet_minor", "payout_minor" = "r"."payout_minor" + excluded."payout_minor",
       "deposit_minor" = "r"."deposit_minor" + excluded."deposit_minor", "withdrawal_minor" = "r"."withdrawal_minor" + excluded."withdrawal_minor",
       "bonus_minor" = "r"."bonus_minor" + excluded."bonus_minor", "transfer_in_minor" = "r"."transfer_in_minor" + excluded."transfer_in_minor",
       "transfer_out_minor" = "r"."transfer_out_minor" + excluded."transfer_out_minor";
--> statement-breakpoint
INSERT INTO "team_rollups" AS "r" ("ancestor_id", "hour_start", "movement_minor", "new_members")
SELECT "c"."ancestor_id", "f"."hour_start", sum("f"."movement_minor"), sum("f"."new_members")::int
  FROM (SELECT "member_id", "hour_start", "movement_minor", "new_members" FROM "member_team_figures"
         WHERE "movement_minor" <> 0 OR "new_members" <> 0) "f"
  JOIN "line_closure" "c" ON "c"."member_id" = "f"."member_id" AND "c"."depth" >= 1
 GROUP BY 1, 2
ON CONFLICT ("ancestor_id", "hour_start") DO UPDATE
   SET "movement_minor" = "r"."movement_minor" + excluded."movement_minor", "new_members" = "r"."new_members" + excluded."new_members";
--> statement-breakpoint
INSERT INTO "member_active_days" ("member_id", "day", "active_rows")
SELECT "r"."member_id", (("r"."hour_start" AT TIME ZONE 'UTC') + "site"."gmt")::date, count(*)::int
  FROM "member_round_rollups" "r",
       (SELECT coalesce((SELECT "gmt_offset"::interval FROM "site_settings" WHERE "id" = 1), interval '0') AS "gmt") AS "site"
 WHERE "r"."bet_count" > 0 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "team_active_days" ("ancestor_id", "day", "prev_day", "pairs")
SELECT "c"."ancestor_id", "p"."day", "p"."prev_day", count(*)::int
  FROM "member_active_pairs" "p" JOIN "line_closure" "c" ON "c"."member_id" = "p"."member_id" AND "c"."depth" >= 1
 GROUP BY 1, 2, 3;
