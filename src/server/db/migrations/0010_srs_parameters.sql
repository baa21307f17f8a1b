CREATE TABLE "srs_parameters" (
	"user_id" text PRIMARY KEY NOT NULL,
	"weights" double precision[] NOT NULL,
	"reviews" integer NOT NULL,
	"evaluated" integer NOT NULL,
	"log_loss" double precision NOT NULL,
	"rmse_bins" double precision NOT NULL,
	"default_log_loss" double precision NOT NULL,
	"default_rmse_bins" double precision NOT NULL,
	"fitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "srs_parameters_weights_check" CHECK (cardinality(weights) = 21)
);
--> statement-breakpoint
ALTER TABLE "srs_parameters" ADD CONSTRAINT "srs_parameters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flashcards_shuffle_idx" ON "flashcards" USING btree ("shuffle_key","id");