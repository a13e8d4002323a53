ALTER TABLE "promotions" ADD COLUMN "deposit_ordinal" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "loss_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "loss_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_deposit_ordinal" CHECK (("promotions"."trigger" = 'NTH_DEPOSIT') = ("promotions"."deposit_ordinal" is not null) and coalesce("promotions"."deposit_ordinal", 2) >= 2);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_loss_window" CHECK (("promotions"."trigger" = 'LOSS') = ("promotions"."loss_from" is not null and "promotions"."loss_to" is not null and "promotions"."loss_to" > "promotions"."loss_from"));