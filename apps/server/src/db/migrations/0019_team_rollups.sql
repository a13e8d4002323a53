CREATE TABLE "member_money_rollups" (
	"member_id" bigint NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"ledger_type" text NOT NULL,
	"direction" text NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_money_rollups_pkey" PRIMARY KEY("member_id","hour_start","ledger_type","direction"),
	CONSTRAINT "member_money_rollups_direction" CHECK ("member_money_rollups"."direction" in ('IN', 'OUT'))
);
--> statement-breakpoint
CREATE TABLE "team_rollup_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_rollup_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"deposit_minor" bigint DEFAULT 0 NOT NULL,
	"withdrawal_minor" bigint DEFAULT 0 NOT NULL,
	"bonus_minor" bigint DEFAULT 0 NOT NULL,
	"transfer_in_minor" bigint DEFAULT 0 NOT NULL,
	"transfer_out_minor" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_rollups" (
	"ancestor_id" bigint NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"deposit_minor" bigint DEFAULT 0 NOT NULL,
	"withdrawal_minor" bigint DEFAULT 0 NOT NULL,
	"bonus_minor" bigint DEFAULT 0 NOT NULL,
	"transfer_in_minor" bigint DEFAULT 0 NOT NULL,
	"transfer_out_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_rollups_pkey" PRIMARY KEY("ancestor_id","hour_start")
);
--> statement-breakpoint
-- A main-wallet entry, added to its member's hour, ledger type and direction in the movement's own
-- transaction (ADR 035). Entries are never edited, so insert is the only change to count.
CREATE FUNCTION "member_money_rollups_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "entry_owner" bigint;
  "entry_type" text;
BEGIN
  SELECT "a"."member_id" INTO "entry_owner" FROM "ledger_accounts" "a"
   WHERE "a"."id" = NEW."account_id" AND "a"."kind" = 'MEMBER_MAIN' AND "a"."vendor" IS NULL;
  IF "entry_owner" IS NULL THEN RETURN NULL; END IF;
  SELECT "t"."type" INTO "entry_type" FROM "ledger_transactions" "t" WHERE "t"."id" = NEW."transaction_id";
  INSERT INTO "member_money_rollups" AS "r" ("member_id", "hour_start", "ledger_type", "direction", "entry_count", "amount_minor")
  VALUES ("entry_owner", rollup_counting_hour(NEW."created_at", NEW."created_at"), "entry_type",
          CASE WHEN NEW."amount_minor" > 0 THEN 'IN' ELSE 'OUT' END, 1, NEW."amount_minor")
  ON CONFLICT ("member_id", "hour_start", "ledger_type", "direction") DO UPDATE
     SET "entry_count" = "r"."entry_count" + 1, "amount_minor" = "r"."amount_minor" + excluded."amount_minor";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "member_money_rollups_on_insert" AFTER INSERT ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "member_money_rollups_count"();
--> statement-breakpoint
-- Main-wallet movements before this migration, each in the hour it was written.
INSERT INTO "member_money_rollups" ("member_id", "hour_start", "ledger_type", "direction", "entry_count", "amount_minor")
SELECT "a"."member_id", rollup_counting_hour("e"."created_at", "e"."created_at"), "t"."type",
       CASE WHEN "e"."amount_minor" > 0 THEN 'IN' ELSE 'OUT' END, count(*), sum("e"."amount_minor")
  FROM "ledger_entries" "e"
  JOIN "ledger_accounts" "a" ON "a"."id" = "e"."account_id" AND "a"."kind" = 'MEMBER_MAIN' AND "a"."vendor" IS NULL
  JOIN "ledger_transactions" "t" ON "t"."id" = "e"."transaction_id"
 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- How a ledger type reads in a team report, as the member's records read it (wallet/record-types.ts):
-- deposits; withdrawals net of what came back (hold and payout less release); bonuses; transfers
-- between members' main wallets in and out.
CREATE FUNCTION "team_money_figures"("ledger_type" text, "direction" text, "amount" bigint)
RETURNS TABLE ("deposit_minor" bigint, "withdrawal_minor" bigint, "bonus_minor" bigint,
               "transfer_in_minor" bigint, "transfer_out_minor" bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "ledger_type" = 'DEPOSIT' THEN "amount" ELSE 0 END::bigint,
         CASE WHEN "ledger_type" IN ('WITHDRAWAL_HOLD', 'WITHDRAWAL_PAYOUT', 'WITHDRAWAL_RELEASE') THEN -"amount" ELSE 0 END::bigint,
         CASE WHEN "ledger_type" = 'BONUS' THEN "amount" ELSE 0 END::bigint,
         CASE WHEN "ledger_type" = 'TRANSFER' AND "direction" = 'IN' THEN "amount" ELSE 0 END::bigint,
         CASE WHEN "ledger_type" = 'TRANSFER' AND "direction" = 'OUT' THEN -"amount" ELSE 0 END::bigint
$$;
--> statement-breakpoint
-- Every member's figures per hour in the team rollups' terms: what the rebuild, the check and a
-- move of a branch's history add up.
CREATE VIEW "member_team_figures" AS
SELECT "member_id", "hour_start", "bet_count", "stake_minor", "valid_bet_minor", "payout_minor",
       0::bigint AS "deposit_minor", 0::bigint AS "withdrawal_minor", 0::bigint AS "bonus_minor",
       0::bigint AS "transfer_in_minor", 0::bigint AS "transfer_out_minor"
  FROM "member_round_rollups"
UNION ALL
SELECT "m"."member_id", "m"."hour_start", 0, 0::bigint, 0::bigint, 0::bigint, "f".*
  FROM "member_money_rollups" "m", team_money_figures("m"."ledger_type", "m"."direction", "m"."amount_minor") "f";
--> statement-breakpoint
-- A change of a member's round figures, queued for the team fold in the same transaction: the row
-- after minus the row before (both, when the change moved it to another hour).
CREATE FUNCTION "team_rollup_deltas_of_rounds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."member_id" = NEW."member_id" AND OLD."hour_start" = NEW."hour_start" THEN
    INSERT INTO "team_rollup_deltas" ("member_id", "hour_start", "bet_count", "stake_minor", "valid_bet_minor", "payout_minor")
    VALUES (NEW."member_id", NEW."hour_start", NEW."bet_count" - OLD."bet_count", NEW."stake_minor" - OLD."stake_minor",
            NEW."valid_bet_minor" - OLD."valid_bet_minor", NEW."payout_minor" - OLD."payout_minor");
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "team_rollup_deltas" ("member_id", "hour_start", "bet_count", "stake_minor", "valid_bet_minor", "payout_minor")
    VALUES (OLD."member_id", OLD."hour_start", -OLD."bet_count", -OLD."stake_minor", -OLD."valid_bet_minor", -OLD."payout_minor");
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "team_rollup_deltas" ("member_id", "hour_start", "bet_count", "stake_minor", "valid_bet_minor", "payout_minor")
    VALUES (NEW."member_id", NEW."hour_start", NEW."bet_count", NEW."stake_minor", NEW."valid_bet_minor", NEW."payout_minor");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "team_rollup_deltas_of_rounds" AFTER INSERT OR UPDATE OR DELETE ON "member_round_rollups" FOR EACH ROW EXECUTE FUNCTION "team_rollup_deltas_of_rounds"();
--> statement-breakpoint
-- The same for a member's money figures.
CREATE FUNCTION "team_rollup_deltas_of_money"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."member_id" = NEW."member_id" AND OLD."hour_start" = NEW."hour_start"
     AND OLD."ledger_type" = NEW."ledger_type" AND OLD."direction" = NEW."direction" THEN
    INSERT INTO "team_rollup_deltas" ("member_id", "hour_start", "deposit_minor", "withdrawal_minor", "bonus_minor", "transfer_in_minor", "transfer_out_minor")
    SELECT NEW."member_id", NEW."hour_start", "f".*
      FROM team_money_figures(NEW."ledger_type", NEW."direction", NEW."amount_minor" - OLD."amount_minor") "f";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "team_rollup_deltas" ("member_id", "hour_start", "deposit_minor", "withdrawal_minor", "bonus_minor", "transfer_in_minor", "transfer_out_minor")
    SELECT OLD."member_id", OLD."hour_start", "f".*
      FROM team_money_figures(OLD."ledger_type", OLD."direction", -OLD."amount_minor") "f";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "team_rollup_deltas" ("member_id", "hour_start", "deposit_minor", "withdrawal_minor", "bonus_minor", "transfer_in_minor", "transfer_out_minor")
    SELECT NEW."member_id", NEW."hour_start", "f".*
      FROM team_money_figures(NEW."ledger_type", NEW."direction", NEW."amount_minor") "f";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "team_rollup_deltas_of_money" AFTER INSERT OR UPDATE OR DELETE ON "member_money_rollups" FOR EACH ROW EXECUTE FUNCTION "team_rollup_deltas_of_money"();
--> statement-breakpoint
-- Every upline's history so far, folded from the member rollups (the queue starts empty).
INSERT INTO "team_rollups" ("ancestor_id", "hour_start", "bet_count", "stake_minor", "valid_bet_minor", "payout_minor",
       "deposit_minor", "withdrawal_minor", "bonus_minor", "transfer_in_minor", "transfer_out_minor")
SELECT "c"."ancestor_id", "f"."hour_start", sum("f"."bet_count")::int, sum("f"."stake_minor"), sum("f"."valid_bet_minor"),
       sum("f"."payout_minor"), sum("f"."deposit_minor"), sum("f"."withdrawal_minor"), sum("f"."bonus_minor"),
       sum("f"."transfer_in_minor"), sum("f"."transfer_out_minor")
  FROM "member_team_figures" "f"
  JOIN "line_closure" "c" ON "c"."member_id" = "f"."member_id" AND "c"."depth" >= 1
 GROUP BY 1, 2;
