-- Questions get their own preset (decision 091): their own desired retention and their own fitted weights.
CREATE TABLE "srs_question_parameters" (
	"user_id" text PRIMARY KEY NOT NULL,
	"weights" double precision[] NOT NULL,
	"reviews" integer NOT NULL,
	"evaluated" integer NOT NULL,
	"log_loss" double precision NOT NULL,
	"rmse_bins" double precision NOT NULL,
	"default_log_loss" double precision NOT NULL,
	"default_rmse_bins" double precision NOT NULL,
	"fitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "srs_question_parameters_weights_check" CHECK (cardinality(weights) = 21)
);
--> statement-breakpoint
ALTER TABLE "srs_settings" ADD COLUMN "question_retention" double precision DEFAULT 0.9 NOT NULL;--> statement-breakpoint
ALTER TABLE "srs_question_parameters" ADD CONSTRAINT "srs_question_parameters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srs_settings" ADD CONSTRAINT "srs_settings_question_retention_check" CHECK (question_retention between 0.8 and 0.95);
