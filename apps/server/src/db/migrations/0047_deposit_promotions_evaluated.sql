ALTER TABLE "deposit_orders" ADD COLUMN "credited_ordinal" integer;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "promotions_evaluated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deposit_orders_unevaluated_idx" ON "deposit_orders" USING btree ("settled_at") WHERE "deposit_orders"."promotions_evaluated_at" is null and "deposit_orders"."ledger_transaction_id" is not null;--> statement-breakpoint
-- Deposits credited before this migration were evaluated in their crediting transaction (ADR 075): none is granted again (ADR 078).
UPDATE "deposit_orders" SET "promotions_evaluated_at" = coalesce("settled_at", now()) WHERE "ledger_transaction_id" IS NOT NULL;
