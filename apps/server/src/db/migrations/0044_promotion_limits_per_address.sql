ALTER TABLE "bonus_grants" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "address_ordinal" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "per_address_limit" integer;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_address_ordinal_key" UNIQUE("promotion_id","address","address_ordinal");--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_per_address_limit" CHECK (coalesce("promotions"."per_address_limit", 1) >= 1);