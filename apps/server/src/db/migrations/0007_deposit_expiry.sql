ALTER TABLE "deposit_channels" ADD COLUMN "order_lifetime_minutes" integer;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deposit_orders_status_created_idx" ON "deposit_orders" USING btree ("status","created_at");