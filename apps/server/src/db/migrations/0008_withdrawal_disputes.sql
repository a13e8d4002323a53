ALTER TABLE "withdrawal_requests" ADD COLUMN "resolved_by" bigint;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "returned_minor" bigint;