CREATE TABLE "nremt_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"level" text NOT NULL,
	"exam_date" date NOT NULL,
	"passed" boolean NOT NULL,
	"attempt" integer NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nremt_results_level_check" CHECK (level in ('Paramedic', 'EMT')),
	CONSTRAINT "nremt_results_source_check" CHECK (source in ('student', 'import')),
	CONSTRAINT "nremt_results_attempt_check" CHECK (attempt between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "readiness_validations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"level" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"n_train" integer NOT NULL,
	"n_test" integer NOT NULL,
	"brier" double precision,
	"ece" double precision,
	"auc" double precision,
	"naive_brier" double precision,
	"naive_ece" double precision,
	"naive_auc" double precision,
	"model" jsonb,
	"bins" jsonb NOT NULL,
	"naive_bins" jsonb NOT NULL,
	"usable" boolean NOT NULL,
	CONSTRAINT "readiness_validations_level_check" CHECK (level in ('Paramedic', 'EMT'))
);
--> statement-breakpoint
ALTER TABLE "nremt_results" ADD CONSTRAINT "nremt_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nremt_results_user_level_attempt_key" ON "nremt_results" USING btree ("user_id","level","attempt");--> statement-breakpoint
CREATE INDEX "nremt_results_level_date_idx" ON "nremt_results" USING btree ("level","exam_date");--> statement-breakpoint
CREATE INDEX "readiness_validations_level_created_idx" ON "readiness_validations" USING btree ("level","created_at" DESC NULLS LAST);