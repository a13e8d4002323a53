-- ADR 062: the house lottery plays the Vietnam regional draws (its own rows, seeded with the house
-- games), so a demo database seeded when the lottery vendor listed them stops listing that
-- vendor's rows: one Vietnam North, the playable one. Hidden, not deleted: favourites may name them.
UPDATE "games" SET "status" = 'HIDDEN' WHERE "vassalage" = 'TCG' AND "game_type" = 'LOTT' AND "game_code" IN ('vn-north', 'vn-central', 'vn-south');
