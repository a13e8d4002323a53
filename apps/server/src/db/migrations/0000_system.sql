CREATE TABLE "customer_service_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_service_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cs_type" text NOT NULL,
	"cs_position" text NOT NULL,
	"title" text NOT NULL,
	"path" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_routes" (
	"domain" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" text NOT NULL,
	"lang" text NOT NULL,
	"category_id" text NOT NULL,
	"category_title" text NOT NULL,
	"device" text DEFAULT 'ALL' NOT NULL,
	"title" text NOT NULL,
	"content_html" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "help_articles_id_lang_pk" PRIMARY KEY("id","lang")
);
--> statement-breakpoint
CREATE TABLE "maintenance_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "region_rules" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "region_rules_kind_value_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
CREATE TABLE "register_field_rules" (
	"field" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"required" boolean NOT NULL,
	"pattern_id" text NOT NULL,
	"accepted_pattern" text NOT NULL,
	"min_length" integer NOT NULL,
	"max_length" integer NOT NULL,
	"type" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_resources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_resources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resource_group" text NOT NULL,
	"label_name_en" text NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"brand_name" text NOT NULL,
	"merchant_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"gmt_offset" text NOT NULL,
	"languages" text[] NOT NULL,
	"default_language" text NOT NULL,
	"main_domain" text NOT NULL,
	"gtag_id" text,
	"image_cdns" text[] NOT NULL,
	"launch_game_cdns" text[] NOT NULL,
	"app_download_ios" text NOT NULL,
	"app_download_android" text NOT NULL,
	"app_download_lite" text NOT NULL,
	"maintenance_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whitelabel_modules" (
	"mod_id" text PRIMARY KEY NOT NULL,
	"parent_mod_id" text,
	"enabled" char(1) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
