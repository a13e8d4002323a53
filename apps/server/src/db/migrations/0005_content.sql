CREATE TABLE "announcement_images" (
	"announcement_id" bigint NOT NULL,
	"sequence" integer NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "announcement_images_announcement_id_sequence_pk" PRIMARY KEY("announcement_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "announcement_texts" (
	"announcement_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"content_html" text NOT NULL,
	CONSTRAINT "announcement_texts_announcement_id_lang_pk" PRIMARY KEY("announcement_id","lang")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"popup_type" text,
	"platform" text DEFAULT 'W' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner_texts" (
	"banner_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"alt" text NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "banner_texts_banner_id_lang_pk" PRIMARY KEY("banner_id","lang")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"banner_group" text NOT NULL,
	"image_url" text NOT NULL,
	"sequence" integer DEFAULT 1 NOT NULL,
	"linkage_type" text,
	"linkage_target" text
);
--> statement-breakpoint
CREATE TABLE "notice_texts" (
	"notice_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "notice_texts_notice_id_lang_pk" PRIMARY KEY("notice_id","lang")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"announcement_id" bigint,
	"sequence" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_images" ADD CONSTRAINT "announcement_images_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_texts" ADD CONSTRAINT "announcement_texts_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_texts" ADD CONSTRAINT "banner_texts_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_texts" ADD CONSTRAINT "notice_texts_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_status_idx" ON "announcements" USING btree ("status");--> statement-breakpoint
CREATE INDEX "banners_group_idx" ON "banners" USING btree ("banner_group","status");