CREATE TABLE "job_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"outcome" text NOT NULL,
	"node" text NOT NULL,
	"job_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"detail" jsonb,
	CONSTRAINT "job_runs_outcome_check" CHECK ("job_runs"."outcome" in ('DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_done_once" ON "job_runs" USING btree ("kind","period_key") WHERE "job_runs"."outcome" = 'DONE';--> statement-breakpoint
CREATE INDEX "job_runs_history_idx" ON "job_runs" USING btree ("kind","started_at");--> statement-breakpoint
CREATE INDEX "job_runs_started_idx" ON "job_runs" USING btree ("started_at");