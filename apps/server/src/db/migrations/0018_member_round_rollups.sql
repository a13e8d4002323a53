CREATE TABLE "member_round_rollups" (
	"member_id" bigint NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"vendor_code" text NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_round_rollups_pkey" PRIMARY KEY("member_id","hour_start","category","vendor_code")
);
--> statement-breakpoint
CREATE TABLE "rollup_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"grace_minutes" integer DEFAULT 10 NOT NULL,
	CONSTRAINT "rollup_settings_grace_range" CHECK ("rollup_settings"."grace_minutes" between 0 and 1440)
);
--> statement-breakpoint
INSERT INTO "rollup_settings" ("id", "grace_minutes") VALUES (1, 10) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- When a round counts (ADR 030): in the site-time hour in which it settled while that hour is
-- open; a period closes grace_minutes after its end, and a change written later (a further credit
-- of a settled round) counts in the earliest hour still open, so a closed period never changes.
CREATE FUNCTION "rollup_counting_hour"("settled" timestamptz, "written" timestamptz) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT greatest(
           date_trunc('hour', "settled" + "site"."offset") - "site"."offset",
           date_trunc('hour', "written" - make_interval(mins => "site"."grace") + "site"."offset") - "site"."offset")
    FROM (SELECT coalesce((SELECT "gmt_offset"::interval FROM "site_settings" WHERE "id" = 1), interval '0') AS "offset",
                 coalesce((SELECT "grace_minutes" FROM "rollup_settings" WHERE "id" = 1), 10) AS "grace") AS "site"
$$;
--> statement-breakpoint
-- A settled round's numbers, added to its member's hour as the round settles or its payout grows,
-- in the same transaction: what a round adds is its row after the change minus its row before.
CREATE FUNCTION "member_round_rollups_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "was" boolean := TG_OP = 'UPDATE' AND OLD."status" = 'SETTLED';
  "is" boolean := NEW."status" = 'SETTLED';
  "rounds" integer := (CASE WHEN "is" THEN 1 ELSE 0 END) - (CASE WHEN "was" THEN 1 ELSE 0 END);
  "stake" bigint := (CASE WHEN "is" THEN NEW."stake_minor" ELSE 0 END) - (CASE WHEN "was" THEN OLD."stake_minor" ELSE 0 END);
  "valid" bigint := (CASE WHEN "is" THEN NEW."valid_bet_minor" ELSE 0 END) - (CASE WHEN "was" THEN OLD."valid_bet_minor" ELSE 0 END);
  "payout" bigint := (CASE WHEN "is" THEN NEW."payout_minor" ELSE 0 END) - (CASE WHEN "was" THEN OLD."payout_minor" ELSE 0 END);
BEGIN
  IF "rounds" = 0 AND "stake" = 0 AND "valid" = 0 AND "payout" = 0 THEN RETURN NULL; END IF;
  INSERT INTO "member_round_rollups" AS "r"
         ("member_id", "hour_start", "category", "vendor_code", "bet_count", "stake_minor", "valid_bet_minor", "payout_minor")
  VALUES (NEW."member_id", rollup_counting_hour(coalesce(NEW."settled_at", now()), now()), NEW."category", NEW."vendor_code",
          "rounds", "stake", "valid", "payout")
  ON CONFLICT ("member_id", "hour_start", "category", "vendor_code") DO UPDATE
     SET "bet_count" = "r"."bet_count" + excluded."bet_count",
         "stake_minor" = "r"."stake_minor" + excluded."stake_minor",
         "valid_bet_minor" = "r"."valid_bet_minor" + excluded."valid_bet_minor",
         "payout_minor" = "r"."payout_minor" + excluded."payout_minor";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows that are or were settled call the function: a debit of an open round pays nothing.
CREATE TRIGGER "member_round_rollups_on_insert" AFTER INSERT ON "bet_records" FOR EACH ROW WHEN (NEW."status" = 'SETTLED') EXECUTE FUNCTION "member_round_rollups_count"();
--> statement-breakpoint
CREATE TRIGGER "member_round_rollups_on_update" AFTER UPDATE ON "bet_records" FOR EACH ROW WHEN (NEW."status" = 'SETTLED' OR OLD."status" = 'SETTLED') EXECUTE FUNCTION "member_round_rollups_count"();
--> statement-breakpoint
-- Rounds settled before this migration, each in the hour it settled.
INSERT INTO "member_round_rollups" ("member_id", "hour_start", "category", "vendor_code", "bet_count", "stake_minor", "valid_bet_minor", "payout_minor")
SELECT "member_id", rollup_counting_hour("settled_at", "settled_at"), "category", "vendor_code",
       count(*), sum("stake_minor"), sum("valid_bet_minor"), sum("payout_minor")
  FROM "bet_records" WHERE "status" = 'SETTLED'
 GROUP BY 1, 2, 3, 4;
