-- ADR 056: the house lottery's fast draws pay each prize mode its own odds, so a database seeded
-- when they were offered in LOTT only lists them under ZY and ELOTT too (/elott launches them).
UPDATE "games" SET "prize_modes" = ARRAY['LOTT', 'ZY', 'ELOTT'] WHERE "vassalage" = 'FORTUNA' AND "game_type" = 'LOTT' AND "prize_modes" = ARRAY['LOTT'];
