CREATE TABLE "abuse_flags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "abuse_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rule" text NOT NULL,
	"member_id" bigint NOT NULL,
	"related_member_id" bigint NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abuse_flags_pair_rule_key" UNIQUE("member_id","related_member_id","rule")
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referral_programme" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"promotion_id" bigint,
	"reward_minor" bigint NOT NULL,
	"min_first_deposit_minor" bigint,
	"min_valid_bets_minor" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "referral_programme_one_row" CHECK ("referral_programme"."id" = 1),
	CONSTRAINT "referral_programme_reward" CHECK ("referral_programme"."reward_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referee_id" bigint PRIMARY KEY NOT NULL,
	"referrer_id" bigint NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"grant_id" bigint,
	"reward_minor" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "referrals_state_known" CHECK ("referrals"."state" in ('PENDING', 'REWARDED', 'NOT_ELIGIBLE')),
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referee_id" <> "referrals"."referrer_id")
);
--> statement-breakpoint
ALTER TABLE "abuse_flags" ADD CONSTRAINT "abuse_flags_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abuse_flags" ADD CONSTRAINT "abuse_flags_related_member_id_members_id_fk" FOREIGN KEY ("related_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_members_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_members_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abuse_flags_related_idx" ON "abuse_flags" USING btree ("related_member_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_pending_idx" ON "referrals" USING btree ("referee_id") WHERE "referrals"."state" = 'PENDING';