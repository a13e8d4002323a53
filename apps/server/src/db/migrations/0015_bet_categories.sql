-- One category vocabulary (packages/contracts/src/categories.ts, ADR 017). Data only, idempotent.
-- The lottery is LOTT, as the spec names it (lottery type Lott), no longer LOTTERY.
UPDATE "games" SET "game_type" = 'LOTT', "updated_at" = now() WHERE "game_type" = 'LOTTERY';--> statement-breakpoint
UPDATE "vendors" SET "categories" = array_replace("categories", 'LOTTERY', 'LOTT'), "updated_at" = now() WHERE 'LOTTERY' = ANY("categories");--> statement-breakpoint
UPDATE "bet_records" SET "category" = 'LOTT', "updated_at" = now() WHERE "category" = 'LOTTERY';--> statement-breakpoint
-- Royal Baccarat, a dealt table game without a dealer, is a card and table game (PVP), not live
-- casino; the house vendor has no live game left.
UPDATE "games" SET "game_type" = 'PVP', "updated_at" = now() WHERE "vassalage" = 'FORTUNA' AND "game_code" = 'royal-baccarat' AND "game_type" = 'LIVE';--> statement-breakpoint
UPDATE "vendors" SET "categories" = array_remove("categories", 'LIVE'), "updated_at" = now() WHERE "code" = 'FORTUNA' AND 'LIVE' = ANY("categories") AND NOT EXISTS (SELECT 1 FROM "games" WHERE "vassalage" = 'FORTUNA' AND "game_type" = 'LIVE');--> statement-breakpoint
-- Back-fill: every round was filed under its vendor's first category; it belongs under its game's.
-- A round of a game the catalogue does not know keeps the vendor's first category (the fallback).
UPDATE "bet_records" AS "round" SET "category" = "game"."game_type", "updated_at" = now() FROM "games" AS "game" WHERE "game"."vassalage" = "round"."vendor_code" AND "game"."game_code" = "round"."game_code" AND "round"."category" <> "game"."game_type";
