CREATE TABLE "bet_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bet_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vendor_code" text NOT NULL,
	"round_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"category" text NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"live_debits" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_records_status_known" CHECK ("bet_records"."status" in ('OPEN', 'SETTLED', 'CANCELLED')),
	CONSTRAINT "bet_records_amounts_not_negative" CHECK ("bet_records"."stake_minor" >= 0 and "bet_records"."payout_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_players" (
	"vendor_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"player_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vendor_code" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"member_id" bigint NOT NULL,
	"round_id" text NOT NULL,
	"game_code" text NOT NULL,
	"amount_minor" bigint,
	"ref_transaction_id" text,
	"fingerprint" text NOT NULL,
	"ledger_transaction_id" bigint,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_transactions_kind_known" CHECK ("vendor_transactions"."kind" in ('DEBIT', 'CREDIT', 'ROLLBACK')),
	CONSTRAINT "vendor_transactions_status_known" CHECK ("vendor_transactions"."status" in ('APPLIED', 'ROLLED_BACK', 'TOMBSTONE'))
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"categories" text[] NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"wallet_mode" text NOT NULL,
	"shared_secret" text NOT NULL,
	"max_clock_skew_seconds" integer DEFAULT 300 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_status_known" CHECK ("vendors"."status" in ('ACTIVE', 'MAINTENANCE', 'DISABLED')),
	CONSTRAINT "vendors_wallet_mode_known" CHECK ("vendors"."wallet_mode" in ('SEAMLESS', 'TRANSFER')),
	CONSTRAINT "vendors_secret_long_enough" CHECK (length("vendors"."shared_secret") >= 16)
);
--> statement-breakpoint
ALTER TABLE "bet_records" ADD CONSTRAINT "bet_records_vendor_code_vendors_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."vendors"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_records" ADD CONSTRAINT "bet_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_players" ADD CONSTRAINT "vendor_players_vendor_code_vendors_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."vendors"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_players" ADD CONSTRAINT "vendor_players_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_vendor_code_vendors_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."vendors"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bet_records_round_key" ON "bet_records" USING btree ("vendor_code","round_id","member_id");--> statement-breakpoint
CREATE INDEX "bet_records_member_opened_idx" ON "bet_records" USING btree ("member_id","opened_at");--> statement-breakpoint
CREATE INDEX "bet_records_member_settled_idx" ON "bet_records" USING btree ("member_id","settled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_players_member_key" ON "vendor_players" USING btree ("vendor_code","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_players_player_key" ON "vendor_players" USING btree ("vendor_code","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transactions_vendor_txn_key" ON "vendor_transactions" USING btree ("vendor_code","transaction_id");