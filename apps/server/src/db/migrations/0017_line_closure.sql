CREATE TABLE "line_closure" (
	"ancestor_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"depth" smallint NOT NULL,
	CONSTRAINT "line_closure_pkey" PRIMARY KEY("ancestor_id","depth","member_id")
);
--> statement-breakpoint
CREATE INDEX "line_closure_member_idx" ON "line_closure" USING btree ("member_id","ancestor_id","depth");--> statement-breakpoint
-- The line's closure follows members.upline_id in the same statement, whatever writes it
-- (registration, social login, agent-created accounts, operators' moves, seeds, bulk loads): ADR 029.
-- New members: each joins its upline's uplines. One statement may insert a whole branch (parents
-- before or beside children), so the chain is walked through the inserted rows first.
CREATE FUNCTION "line_closure_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "line_closure" ("ancestor_id", "member_id", "depth")
  WITH RECURSIVE "chain" ("member_id", "ancestor_id", "depth", "next_id") AS (
    SELECT "id", "id", 0, "upline_id" FROM "added"
    UNION ALL
    SELECT "chain"."member_id", "up"."id", "chain"."depth" + 1, "up"."upline_id"
      FROM "chain" JOIN "added" "up" ON "up"."id" = "chain"."next_id"
  ),
  -- Where the chain leaves the inserted rows it reaches a member already in the line: that
  -- member and its own uplines follow.
  "exits" AS (
    SELECT "chain".* FROM "chain" LEFT JOIN "added" ON "added"."id" = "chain"."next_id"
     WHERE "chain"."next_id" IS NOT NULL AND "added"."id" IS NULL
  )
  SELECT "ancestor_id", "member_id", "depth" FROM "chain"
  UNION ALL
  SELECT "above"."ancestor_id", "exits"."member_id", "exits"."depth" + 1 + "above"."depth"
    FROM "exits" JOIN "line_closure" "above" ON "above"."member_id" = "exits"."next_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "line_closure_after_insert" AFTER INSERT ON "members" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "line_closure_on_insert"();
--> statement-breakpoint
-- A move: the member's whole branch leaves the uplines above the member and joins the new
-- upline's. Moves take one lock among themselves (two crossing moves could otherwise make a cycle)
-- and lock the branch's rows, which a member joining under the branch locks too (its foreign
-- key's KEY SHARE): a join and a move touching the same branch happen one after the other.
CREATE FUNCTION "line_closure_on_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4242029);
  PERFORM 1 FROM "members"
    WHERE "id" IN (SELECT "member_id" FROM "line_closure" WHERE "ancestor_id" = NEW."id")
    ORDER BY "id" FOR UPDATE;
  IF NEW."upline_id" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "line_closure" WHERE "ancestor_id" = NEW."id" AND "member_id" = NEW."upline_id"
  ) THEN
    RAISE EXCEPTION 'member % cannot move under % of its own line', NEW."id", NEW."upline_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'line_closure_no_cycle';
  END IF;
  DELETE FROM "line_closure" "link"
   USING "line_closure" "branch", "line_closure" "old_up"
   WHERE "branch"."ancestor_id" = NEW."id"
     AND "old_up"."member_id" = NEW."id" AND "old_up"."depth" > 0
     AND "link"."member_id" = "branch"."member_id" AND "link"."ancestor_id" = "old_up"."ancestor_id";
  INSERT INTO "line_closure" ("ancestor_id", "member_id", "depth")
  SELECT "up"."ancestor_id", "branch"."member_id", "up"."depth" + 1 + "branch"."depth"
    FROM "line_closure" "branch" JOIN "line_closure" "up" ON "up"."member_id" = NEW."upline_id"
   WHERE "branch"."ancestor_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "line_closure_after_move" AFTER UPDATE OF "upline_id" ON "members" FOR EACH ROW WHEN (OLD."upline_id" IS DISTINCT FROM NEW."upline_id") EXECUTE FUNCTION "line_closure_on_move"();
--> statement-breakpoint
-- Existing members: every member and each upline above it. An upline is only ever set to an
-- existing member, so there is no cycle to walk; the depth bound only keeps a damaged row from
-- looping, and the check after it refuses such data instead of storing it.
INSERT INTO "line_closure" ("ancestor_id", "member_id", "depth")
WITH RECURSIVE "chain" ("member_id", "ancestor_id", "depth") AS (
  SELECT "id", "id", 0 FROM "members"
  UNION ALL
  SELECT "chain"."member_id", "up"."upline_id", "chain"."depth" + 1
    FROM "chain" JOIN "members" "up" ON "up"."id" = "chain"."ancestor_id"
   WHERE "up"."upline_id" IS NOT NULL AND "chain"."depth" < 1000
)
SELECT "ancestor_id", "member_id", "depth" FROM "chain";
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "line_closure" WHERE "depth" >= 1000) THEN
    RAISE EXCEPTION 'members.upline_id has a cycle: fix it before this migration';
  END IF;
END $$;
