CREATE TABLE "bonus_grants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"promotion_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"ordinal" integer NOT NULL,
	"source" text NOT NULL,
	"terms" jsonb NOT NULL,
	"deposit_minor" bigint DEFAULT 0 NOT NULL,
	"bonus_minor" bigint NOT NULL,
	"required_minor" bigint NOT NULL,
	"wagered_minor" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" text,
	CONSTRAINT "bonus_grants_member_ordinal_key" UNIQUE("promotion_id","member_id","ordinal"),
	CONSTRAINT "bonus_grants_status_known" CHECK ("bonus_grants"."status" in ('ACTIVE', 'RELEASED', 'FORFEITED')),
	CONSTRAINT "bonus_grants_amounts" CHECK ("bonus_grants"."bonus_minor" > 0 and "bonus_grants"."required_minor" >= 0 and "bonus_grants"."wagered_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"type" text NOT NULL,
	"texts" jsonb NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"audience" text DEFAULT 'ALL' NOT NULL,
	"trigger" text NOT NULL,
	"terms" jsonb NOT NULL,
	"per_member_limit" integer DEFAULT 1 NOT NULL,
	"budget_minor" bigint NOT NULL,
	"spent_minor" bigint DEFAULT 0 NOT NULL,
	"automatic" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_code_key" UNIQUE("code"),
	CONSTRAINT "promotions_budget_not_overdrawn" CHECK ("promotions"."spent_minor" between 0 and "promotions"."budget_minor"),
	CONSTRAINT "promotions_status_known" CHECK ("promotions"."status" in ('ACTIVE', 'PAUSED', 'ENDED')),
	CONSTRAINT "promotions_per_member_limit" CHECK ("promotions"."per_member_limit" >= 1)
);
--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_grants_member_idx" ON "bonus_grants" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "bonus_grants_active_idx" ON "bonus_grants" USING btree ("id") WHERE "bonus_grants"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "promotions_trigger_idx" ON "promotions" USING btree ("trigger");