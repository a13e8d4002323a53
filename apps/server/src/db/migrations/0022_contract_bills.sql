CREATE TABLE "contract_bill_payments" (
	"bill_id" bigint NOT NULL,
	"payment_number" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_bill_payments_pkey" PRIMARY KEY("bill_id","payment_number"),
	CONSTRAINT "contract_bill_payments_positive" CHECK ("contract_bill_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "contract_bills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"contract_type" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"payer_member_id" bigint,
	"payee_member_id" bigint NOT NULL,
	"base_minor" bigint NOT NULL,
	"valid_bet_minor" bigint NOT NULL,
	"net_loss_minor" bigint NOT NULL,
	"active_members" integer NOT NULL,
	"tier_level" integer,
	"rate_ppm" bigint NOT NULL,
	"loss_rate_ppm" bigint,
	"profit_rate_ppm" bigint,
	"carried_in_minor" bigint DEFAULT 0 NOT NULL,
	"carried_out_minor" bigint DEFAULT 0 NOT NULL,
	"amount_minor" bigint NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_bills_status_known" CHECK ("contract_bills"."status" in ('ISSUED', 'PAID', 'PARTIALLY_PAID', 'INSUFFICIENT_BALANCE', 'THRESHOLD_NOT_REACHED', 'REJECTED')),
	CONSTRAINT "contract_bills_paid_within_amount" CHECK ("contract_bills"."paid_minor" between 0 and "contract_bills"."amount_minor"),
	CONSTRAINT "contract_bills_carry_is_a_loss" CHECK ("contract_bills"."carried_in_minor" <= 0 and "contract_bills"."carried_out_minor" <= 0)
);
--> statement-breakpoint
ALTER TABLE "contract_bill_payments" ADD CONSTRAINT "contract_bill_payments_bill_id_contract_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."contract_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_bill_payments" ADD CONSTRAINT "contract_bill_payments_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_bills" ADD CONSTRAINT "contract_bills_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_bills" ADD CONSTRAINT "contract_bills_payer_member_id_members_id_fk" FOREIGN KEY ("payer_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_bills" ADD CONSTRAINT "contract_bills_payee_member_id_members_id_fk" FOREIGN KEY ("payee_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_bills_once_per_period" ON "contract_bills" USING btree ("contract_id","period_key");--> statement-breakpoint
CREATE INDEX "contract_bills_payee_idx" ON "contract_bills" USING btree ("payee_member_id","contract_type","period_start");--> statement-breakpoint
CREATE INDEX "contract_bills_owed_idx" ON "contract_bills" USING btree ("id") WHERE "contract_bills"."status" in ('ISSUED', 'PARTIALLY_PAID', 'INSUFFICIENT_BALANCE');--> statement-breakpoint
CREATE INDEX "bet_records_settled_idx" ON "bet_records" USING btree ("settled_at") WHERE "bet_records"."settled_at" is not null;