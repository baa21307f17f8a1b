CREATE TABLE "question_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"item_key" text NOT NULL,
	"answer" jsonb NOT NULL,
	"correct" boolean NOT NULL,
	"time_ms" integer NOT NULL,
	"mode" text NOT NULL,
	"client_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_attempts_mode_check" CHECK (mode in ('tutor', 'timed')),
	CONSTRAINT "question_attempts_time_check" CHECK (time_ms >= 0)
);
--> statement-breakpoint
CREATE TABLE "question_cases" (
	"key" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"title" text NOT NULL,
	"presentation" text NOT NULL,
	"updates" jsonb,
	"retired" boolean DEFAULT false NOT NULL,
	CONSTRAINT "question_cases_level_check" CHECK (level in ('Paramedic', 'EMT'))
);
--> statement-breakpoint
CREATE TABLE "question_flags" (
	"user_id" text NOT NULL,
	"item_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_flags_user_id_item_key_pk" PRIMARY KEY("user_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "question_items" (
	"key" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"type" text NOT NULL,
	"domain" text NOT NULL,
	"topic" text NOT NULL,
	"difficulty" integer NOT NULL,
	"pediatric" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"case_key" text,
	"case_order" integer,
	"retired" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_items_level_check" CHECK (level in ('Paramedic', 'EMT')),
	CONSTRAINT "question_items_type_check" CHECK (type in ('single', 'multiple', 'build_list', 'options_table', 'drag_drop')),
	CONSTRAINT "question_items_topic_check" CHECK (topic in ('EMS Operations', 'EKG (4-lead)', 'Respiratory/Airway', 'Medical', 'Anatomy Physiology', 'Pharmacology/Toxicology', 'Trauma', 'Medications', 'Medication Math', 'Cardiology', 'Pediatrics', 'Medical Terminology', 'EKG (12-lead)')),
	CONSTRAINT "question_items_difficulty_check" CHECK (difficulty between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "question_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"item_key" text NOT NULL,
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "question_reports_reason_check" CHECK (reason in ('incorrect', 'unclear', 'typo', 'outdated', 'other')),
	CONSTRAINT "question_reports_status_check" CHECK (status in ('open', 'resolved')),
	CONSTRAINT "question_reports_text_check" CHECK (length(text) between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "question_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"level" text NOT NULL,
	"mode" text NOT NULL,
	"settings" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"time_limit_s" integer,
	"completed_at" timestamp with time zone,
	CONSTRAINT "question_sessions_level_check" CHECK (level in ('Paramedic', 'EMT')),
	CONSTRAINT "question_sessions_mode_check" CHECK (mode in ('tutor', 'timed'))
);
--> statement-breakpoint
ALTER TABLE "user_interactions" DROP CONSTRAINT "user_interactions_feature_type_check";--> statement-breakpoint
ALTER TABLE "question_attempts" ADD CONSTRAINT "question_attempts_session_id_question_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."question_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_attempts" ADD CONSTRAINT "question_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_attempts" ADD CONSTRAINT "question_attempts_item_key_question_items_key_fk" FOREIGN KEY ("item_key") REFERENCES "public"."question_items"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_flags" ADD CONSTRAINT "question_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_flags" ADD CONSTRAINT "question_flags_item_key_question_items_key_fk" FOREIGN KEY ("item_key") REFERENCES "public"."question_items"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_item_key_question_items_key_fk" FOREIGN KEY ("item_key") REFERENCES "public"."question_items"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_sessions" ADD CONSTRAINT "question_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_attempts_user_client_key" ON "question_attempts" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_attempts_session_item_key" ON "question_attempts" USING btree ("session_id","item_key");--> statement-breakpoint
CREATE INDEX "question_attempts_user_item_idx" ON "question_attempts" USING btree ("user_id","item_key","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "question_attempts_item_idx" ON "question_attempts" USING btree ("item_key");--> statement-breakpoint
CREATE INDEX "question_items_level_domain_idx" ON "question_items" USING btree ("level","domain") WHERE not retired;--> statement-breakpoint
CREATE INDEX "question_items_case_idx" ON "question_items" USING btree ("case_key");--> statement-breakpoint
CREATE INDEX "question_reports_status_created_idx" ON "question_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "question_reports_item_idx" ON "question_reports" USING btree ("item_key");--> statement-breakpoint
CREATE INDEX "question_sessions_user_started_idx" ON "question_sessions" USING btree ("user_id","started_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "user_interactions" ADD CONSTRAINT "user_interactions_feature_type_check" CHECK (feature_type in ('home', 'flashcard_paramedic', 'flashcard_emt', 'video', 'scenario', 'drag_drop', 'sorting', 'question'));