ALTER TABLE "promotions" DROP CONSTRAINT "promotions_audience_known";--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "audience_levels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "audience_agent_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_audience_known" CHECK ("promotions"."audience" in ('ALL', 'NEW_PLAYERS', 'MEMBERS', 'VIP_LEVELS', 'AGENT_LINES'));