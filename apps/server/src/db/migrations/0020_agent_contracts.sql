CREATE TABLE "agent_contract_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_contract_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contract_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_contract_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"name" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contract_tiers" (
	"contract_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"min_valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"min_active_members" integer DEFAULT 0 NOT NULL,
	"min_bet_minor" bigint DEFAULT 0 NOT NULL,
	"min_net_loss_minor" bigint DEFAULT 0 NOT NULL,
	"rate_ppm" integer NOT NULL,
	"loss_rate_ppm" integer DEFAULT 0 NOT NULL,
	"profit_rate_ppm" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_contract_tiers_pkey" PRIMARY KEY("contract_id","position"),
	CONSTRAINT "agent_contract_tiers_rates_check" CHECK ("agent_contract_tiers"."rate_ppm" between 0 and 1000000 and "agent_contract_tiers"."loss_rate_ppm" between 0 and 1000000 and "agent_contract_tiers"."profit_rate_ppm" between 0 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "agent_contracts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"member_id" bigint NOT NULL,
	"upline_id" bigint,
	"payer" text NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"end_reason" text,
	"termination_requested_at" timestamp with time zone,
	"offered_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_contract_events" ADD CONSTRAINT "agent_contract_events_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_tiers" ADD CONSTRAINT "agent_contract_tiers_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_contract_events_contract_idx" ON "agent_contract_events" USING btree ("contract_id","id");--> statement-breakpoint
CREATE INDEX "agent_contract_templates_type_idx" ON "agent_contract_templates" USING btree ("type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_offer_idx" ON "agent_contracts" USING btree ("member_id","type") WHERE status = 'AWAITING';--> statement-breakpoint
CREATE INDEX "agent_contracts_member_idx" ON "agent_contracts" USING btree ("member_id","type","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_upline_idx" ON "agent_contracts" USING btree ("upline_id","type","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_active_idx" ON "agent_contracts" USING btree ("type","starts_at") WHERE status = 'ACTIVE';--> statement-breakpoint
-- Hand-written: a site seeded before contracts existed gets the four contract-type flags under its
-- agent module, switched off until an operator enables them (ADR 037). A fresh database has no
-- AGENT3 yet at this point: the seed writes the flags with the rest of its tree.
INSERT INTO "whitelabel_modules" ("mod_id", "parent_mod_id", "enabled", "sort")
SELECT flag.mod_id, 'AGENT3', '0', agent.sort + flag.n
FROM "whitelabel_modules" agent
CROSS JOIN (VALUES ('CTDIVIDEND3', 2), ('CTDAILYSALARY3', 3), ('CTHOURSALARY3', 4), ('CTRTSALARY3', 5)) AS flag(mod_id, n)
WHERE agent.mod_id = 'AGENT3'
ON CONFLICT ("mod_id") DO NOTHING;
