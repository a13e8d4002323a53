ALTER TABLE "announcements" ADD COLUMN "audience" text DEFAULT 'MEMBERS' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "password_must_change" boolean DEFAULT false NOT NULL;