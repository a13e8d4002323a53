CREATE TABLE "member_known_devices" (
	"member_id" bigint NOT NULL,
	"device_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_known_devices_member_id_device_hash_pk" PRIMARY KEY("member_id","device_hash")
);
--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "device_ordinal" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "per_device_limit" integer;--> statement-breakpoint
ALTER TABLE "member_known_devices" ADD CONSTRAINT "member_known_devices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_known_devices_device_idx" ON "member_known_devices" USING btree ("device_hash");--> statement-breakpoint
CREATE INDEX "member_known_devices_latest_idx" ON "member_known_devices" USING btree ("member_id","last_seen_at");--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_device_ordinal_key" UNIQUE("promotion_id","device","device_ordinal");--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_per_device_limit" CHECK (coalesce("promotions"."per_device_limit", 1) >= 1);