CREATE TABLE "contract_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"approval_above_minor" bigint,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_settings_one_row" CHECK ("contract_settings"."id" = 1),
	CONSTRAINT "contract_settings_threshold_not_negative" CHECK ("contract_settings"."approval_above_minor" >= 0)
);
