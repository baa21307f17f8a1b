-- The study plan to exam day (decision 105): the exam date, level and rest day; the student's own events; the private
-- calendar subscription token. Planning and its events are usage events of their own (every earlier type kept).
CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "plan_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_events_type_check" CHECK (type in ('meeting', 'deadline', 'call', 'review', 'class', 'clinical_shift', 'study_group')),
	CONSTRAINT "plan_events_time_check" CHECK (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "plan_events_duration_check" CHECK (duration_minutes between 5 and 1440),
	CONSTRAINT "plan_events_title_check" CHECK (char_length(title) between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "study_plans" (
	"user_id" text PRIMARY KEY NOT NULL,
	"exam_date" date NOT NULL,
	"level" text NOT NULL,
	"rest_weekday" smallint NOT NULL,
	"start_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_plans_level_check" CHECK (level in ('Paramedic', 'EMT')),
	CONSTRAINT "study_plans_rest_check" CHECK (rest_weekday between 0 and 6)
);
--> statement-breakpoint
ALTER TABLE "user_interactions" DROP CONSTRAINT "user_interactions_feature_type_check";--> statement-breakpoint
ALTER TABLE "user_interactions" DROP CONSTRAINT "user_interactions_action_type_check";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_events" ADD CONSTRAINT "plan_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_events_user_date_idx" ON "plan_events" USING btree ("user_id","date","time");--> statement-breakpoint
ALTER TABLE "user_interactions" ADD CONSTRAINT "user_interactions_feature_type_check" CHECK (feature_type in ('home', 'flashcard_paramedic', 'flashcard_emt', 'video', 'scenario', 'drag_drop', 'sorting', 'question', 'search', 'saved', 'plan'));--> statement-breakpoint
ALTER TABLE "user_interactions" ADD CONSTRAINT "user_interactions_action_type_check" CHECK (action_type in ('session_start', 'heartbeat', 'tab_hidden', 'tab_visible', 'session_end', 'video_start', 'video_end', 'answer', 'flag', 'scenario_start', 'scenario_complete', 'question_start', 'question_complete', 'search', 'open_result', 'save', 'unsave', 'plan_change', 'event_add'));