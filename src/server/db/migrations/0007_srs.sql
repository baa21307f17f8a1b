CREATE TABLE "srs_cards" (
	"user_id" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_key" text NOT NULL,
	"state" smallint NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"last_review" timestamp with time zone,
	CONSTRAINT "srs_cards_user_id_item_kind_item_key_pk" PRIMARY KEY("user_id","item_kind","item_key"),
	CONSTRAINT "srs_cards_item_kind_check" CHECK (item_kind in ('flashcard', 'question')),
	CONSTRAINT "srs_cards_state_check" CHECK (state between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "srs_review_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"client_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_key" text NOT NULL,
	"grade" smallint NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"elapsed_days" integer NOT NULL,
	"state_before" smallint NOT NULL,
	"state_after" smallint NOT NULL,
	"stability_before" double precision NOT NULL,
	"stability_after" double precision NOT NULL,
	"difficulty_before" double precision NOT NULL,
	"difficulty_after" double precision NOT NULL,
	"due_before" timestamp with time zone NOT NULL,
	"due_after" timestamp with time zone NOT NULL,
	"scheduled_days" integer NOT NULL,
	CONSTRAINT "srs_review_logs_item_kind_check" CHECK (item_kind in ('flashcard', 'question')),
	CONSTRAINT "srs_review_logs_grade_check" CHECK (grade between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "srs_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"desired_retention" double precision NOT NULL,
	"new_per_day" integer NOT NULL,
	"levels" text[] NOT NULL,
	"categories" text[] NOT NULL,
	"show_hard_easy" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "srs_settings_retention_check" CHECK (desired_retention between 0.8 and 0.95),
	CONSTRAINT "srs_settings_new_per_day_check" CHECK (new_per_day between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "srs_cards" ADD CONSTRAINT "srs_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srs_review_logs" ADD CONSTRAINT "srs_review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srs_settings" ADD CONSTRAINT "srs_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "srs_cards_user_due_idx" ON "srs_cards" USING btree ("user_id","due");--> statement-breakpoint
CREATE UNIQUE INDEX "srs_review_logs_user_client_key" ON "srs_review_logs" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "srs_review_logs_user_reviewed_idx" ON "srs_review_logs" USING btree ("user_id","reviewed_at");