ALTER TABLE "raffles" DROP CONSTRAINT "raffles_status_known";--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "paused_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "pauses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_paused_has_since" CHECK (("raffles"."status" = 'PAUSED') = ("raffles"."paused_since" is not null));--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_cancelled_has_time" CHECK (("raffles"."status" = 'CANCELLED') = ("raffles"."cancelled_at" is not null));--> statement-breakpoint
ALTER TABLE "raffles" ADD CONSTRAINT "raffles_status_known" CHECK ("raffles"."status" in ('OPEN', 'PAUSED', 'CANCELLED', 'DRAWN'));