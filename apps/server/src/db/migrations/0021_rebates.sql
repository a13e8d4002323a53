CREATE TABLE "rebate_days" (
	"day_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"period_key" text NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"members_paid" integer NOT NULL,
	"paid_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebate_payouts" (
	"member_id" bigint NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"level" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"valid_bet_minor" bigint NOT NULL,
	"claimed_minor" bigint DEFAULT 0 NOT NULL,
	"job_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_payouts_pkey" PRIMARY KEY("member_id","day_start","category"),
	CONSTRAINT "rebate_payouts_paid_not_negative" CHECK ("rebate_payouts"."claimed_minor" >= 0 and "rebate_payouts"."job_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rebate_rates" (
	"level" text NOT NULL,
	"category" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "rebate_rates_pkey" PRIMARY KEY("level","category"),
	CONSTRAINT "rebate_rates_rate_range" CHECK ("rebate_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE INDEX "rebate_payouts_day" ON "rebate_payouts" USING btree ("day_start");