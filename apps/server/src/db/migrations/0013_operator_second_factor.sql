ALTER TABLE "operators" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_last_time_step" bigint;--> statement-breakpoint
CREATE INDEX "operator_sessions_live_idx" ON "operator_sessions" USING btree ("operator_id") WHERE revoked_at is null;