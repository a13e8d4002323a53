-- A vendor's own account becomes several rows (ADR 080); the row it had is its shard 0, the one credit batches post to.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_key";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_key" UNIQUE NULLS NOT DISTINCT("kind","member_id","vendor","shard");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_only_vendors_sharded" CHECK ("ledger_accounts"."shard" = 0 or ("ledger_accounts"."kind" = 'VENDOR' and "ledger_accounts"."shard" between 1 and 63));