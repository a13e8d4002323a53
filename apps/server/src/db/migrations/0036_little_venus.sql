ALTER TABLE "promotions" ADD COLUMN "audience_member_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "threshold_minor" bigint;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_audience_known" CHECK ("promotions"."audience" in ('ALL', 'NEW_PLAYERS', 'MEMBERS'));