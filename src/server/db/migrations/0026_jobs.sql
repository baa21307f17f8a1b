CREATE TABLE "job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" text,
	"owner" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"summary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "job_runs_status_check" CHECK (status in ('running', 'ok', 'failed')),
	CONSTRAINT "job_runs_trigger_check" CHECK (trigger in ('schedule', 'manual', 'command', 'resumed'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"schedule" text,
	"next_run_at" timestamp with time zone,
	"run_requested_at" timestamp with time zone,
	"run_requested_by" text,
	"lock_owner" text,
	"locked_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"run_id" integer
);
--> statement-breakpoint
CREATE INDEX "job_runs_job_started_idx" ON "job_runs" USING btree ("job","started_at" DESC NULLS LAST);