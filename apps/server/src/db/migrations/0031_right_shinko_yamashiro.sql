ALTER TABLE "games" ADD COLUMN "prize_modes" text[];--> statement-breakpoint
-- ADR 050: the lottery games seeded before prize modes existed: the Vietnam draws in LOTT, the other draws in ELOTT.
UPDATE "games" SET "prize_modes" = CASE WHEN "game_group_code" = 'VN' THEN ARRAY['LOTT'] ELSE ARRAY['ELOTT'] END WHERE "game_type" = 'LOTT' AND "prize_modes" IS NULL;
