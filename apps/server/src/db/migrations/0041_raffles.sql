CREATE TABLE "raffle_entrants" (
	"raffle_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffle_entrants_raffle_id_member_id_pk" PRIMARY KEY("raffle_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "raffle_tickets" (
	"raffle_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"source" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffle_tickets_raffle_id_number_pk" PRIMARY KEY("raffle_id","number"),
	CONSTRAINT "raffle_tickets_source_key" UNIQUE("raffle_id","source"),
	CONSTRAINT "raffle_tickets_number_positive" CHECK ("raffle_tickets"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "raffle_winners" (
	"raffle_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"ticket_number" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"prize_minor" bigint NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	CONSTRAINT "raffle_winners_raffle_id_rank_pk" PRIMARY KEY("raffle_id","rank"),
	CONSTRAINT "raffle_winners_ticket_key" UNIQUE("raffle_id","ticket_number"),
	CONSTRAINT "raffle_winners_prize_positive" CHECK ("raffle_winners"."prize_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "raffles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "raffles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"titles" jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"valid_bets_per_ticket_minor" bigint,
	"deposit_min_minor" bigint,
	"max_tickets_per_member" integer NOT NULL,
	"prizes" jsonb NOT NULL,
	"budget_minor" bigint NOT NULL,
	"spent_minor" bigint DEFAULT 0 NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"closing_value" text,
	"drawn_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffles_code_key" UNIQUE("code"),
	CONSTRAINT "raffles_status_known" CHECK ("raffles"."status" in ('OPEN', 'DRAWN')),
	CONSTRAINT "raffles_budget_not_overdrawn" CHECK ("raffles"."spent_minor" between 0 and "raffles"."budget_minor"),
	CONSTRAINT "raffles_draw_after_open" CHECK ("raffles"."draw_at" > "raffles"."opens_at"),
	CONSTRAINT "raffles_drawn_has_closing_value" CHECK (("raffles"."status" = 'DRAWN') = ("raffles"."closing_value" is not null))
);
--> statement-breakpoint
ALTER TABLE "raffle_entrants" ADD CONSTRAINT "raffle_entrants_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_tickets" ADD CONSTRAINT "raffle_tickets_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_winners" ADD CONSTRAINT "raffle_winners_raffle_id_raffles_id_fk" FOREIGN KEY ("raffle_id") REFERENCES "public"."raffles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raffle_tickets_member_idx" ON "raffle_tickets" USING btree ("raffle_id","member_id");--> statement-breakpoint
CREATE INDEX "raffles_open_draw_idx" ON "raffles" USING btree ("draw_at") WHERE "raffles"."status" = 'OPEN';