CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text NOT NULL,
	"requirement_text" text NOT NULL,
	"streak_days" integer NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "badges_key_unique" UNIQUE("key"),
	CONSTRAINT "badges_streak_days_check" CHECK (streak_days >= 1)
);
--> statement-breakpoint
CREATE TABLE "coupon_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"duration" integer NOT NULL,
	"duration_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"usage_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "coupon_codes_code_upper_check" CHECK (code = upper(code) and length(code) > 0),
	CONSTRAINT "coupon_codes_duration_type_check" CHECK (duration_type in ('days', 'months')),
	CONSTRAINT "coupon_codes_duration_check" CHECK (duration >= 1 and ((duration_type = 'days' and duration <= 14) or (duration_type = 'months' and duration <= 12))),
	CONSTRAINT "coupon_codes_usage_limit_check" CHECK (usage_limit is null or usage_limit >= 1),
	CONSTRAINT "coupon_codes_times_used_check" CHECK (times_used >= 0 and (usage_limit is null or times_used <= usage_limit))
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"coupon_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_coupon_id_user_id_pk" PRIMARY KEY("coupon_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "drag_drop_scenarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenario_id" integer NOT NULL,
	"scenario" text NOT NULL,
	"therapy_key" text NOT NULL,
	"therapy_name" text NOT NULL,
	"indicated" boolean NOT NULL,
	"course_level" text NOT NULL,
	"reference" text,
	CONSTRAINT "drag_drop_scenarios_course_level_check" CHECK (course_level in ('Paramedic', 'EMT'))
);
--> statement-breakpoint
CREATE TABLE "flashcards" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"category" text NOT NULL,
	"course_level" text NOT NULL,
	"front_text" text NOT NULL,
	"back_text" text NOT NULL,
	"reference" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flashcards_key_unique" UNIQUE("key"),
	CONSTRAINT "flashcards_category_check" CHECK (category in ('EMS Operations', 'EKG (4-lead)', 'Respiratory/Airway', 'Medical', 'Anatomy Physiology', 'Pharmacology/Toxicology', 'Trauma', 'Medications', 'Medication Math', 'Cardiology', 'Pediatrics', 'Medical Terminology', 'EKG (12-lead)')),
	CONSTRAINT "flashcards_course_level_check" CHECK (course_level in ('Paramedic', 'EMT'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "sorting_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"item_key" text NOT NULL,
	"question_text" text NOT NULL,
	"medication" text NOT NULL,
	"category" text NOT NULL,
	"correct_answer" text NOT NULL,
	"course_level" text NOT NULL,
	"reference" text,
	CONSTRAINT "sorting_questions_course_level_check" CHECK (course_level in ('Paramedic', 'EMT'))
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"user_id" text NOT NULL,
	"badge_id" integer NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_user_id_badge_id_pk" PRIMARY KEY("user_id","badge_id")
);
--> statement-breakpoint
CREATE TABLE "user_flashcard_interactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"flashcard_id" integer NOT NULL,
	"is_flagged" boolean DEFAULT false NOT NULL,
	"is_correct" boolean DEFAULT false NOT NULL,
	"is_wrong" boolean DEFAULT false NOT NULL,
	"last_studied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_flashcard_interactions_exclusive_check" CHECK (not (is_correct and is_wrong))
);
--> statement-breakpoint
CREATE TABLE "user_interactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"feature_type" text NOT NULL,
	"feature_id" text,
	"action_type" text NOT NULL,
	"duration_seconds" integer,
	"score" integer,
	"total_items" integer,
	"completion_percentage" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_interactions_feature_type_check" CHECK (feature_type in ('home', 'flashcard_paramedic', 'flashcard_emt', 'video', 'scenario', 'drag_drop', 'sorting')),
	CONSTRAINT "user_interactions_action_type_check" CHECK (action_type in ('session_start', 'heartbeat', 'tab_hidden', 'tab_visible', 'session_end', 'video_start', 'video_end', 'answer', 'flag', 'scenario_start', 'scenario_complete', 'question_start', 'question_complete')),
	CONSTRAINT "user_interactions_duration_check" CHECK (duration_seconds is null or duration_seconds >= 0),
	CONSTRAINT "user_interactions_completion_check" CHECK (completion_percentage is null or (completion_percentage between 0 and 100))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"first_name" text,
	"last_name" text,
	"course_level" text DEFAULT 'Paramedic' NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"last_login" timestamp with time zone,
	"subscription_status" text DEFAULT 'inactive' NOT NULL,
	"expiration_date" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"device_type" text,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role_check" CHECK (role in ('user', 'admin')),
	CONSTRAINT "users_course_level_check" CHECK (course_level in ('Paramedic', 'EMT', 'Both')),
	CONSTRAINT "users_device_type_check" CHECK (device_type is null or device_type in ('mobile-ios', 'tablet-ios', 'mobile-android', 'tablet-android', 'desktop-windows', 'desktop-mac', 'desktop-linux', 'desktop-unknown')),
	CONSTRAINT "users_current_streak_check" CHECK (current_streak >= 0)
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"duration" text NOT NULL,
	"video_url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"course_level" text DEFAULT 'Both' NOT NULL,
	"description" text,
	CONSTRAINT "videos_key_unique" UNIQUE("key"),
	CONSTRAINT "videos_category_check" CHECK (category in ('Airway/Respiratory', 'Anatomy', 'Assessment', 'Cardiology', 'Medical', 'Pharmacology', 'Trauma')),
	CONSTRAINT "videos_course_level_check" CHECK (course_level in ('Paramedic', 'EMT', 'Both'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupon_codes_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flashcard_interactions" ADD CONSTRAINT "user_flashcard_interactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flashcard_interactions" ADD CONSTRAINT "user_flashcard_interactions_flashcard_id_flashcards_id_fk" FOREIGN KEY ("flashcard_id") REFERENCES "public"."flashcards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_interactions" ADD CONSTRAINT "user_interactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "badges_sort_order_idx" ON "badges" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "coupon_codes_created_at_idx" ON "coupon_codes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_id_idx" ON "coupon_redemptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drag_drop_scenarios_scenario_therapy_key" ON "drag_drop_scenarios" USING btree ("scenario_id","therapy_key");--> statement-breakpoint
CREATE INDEX "drag_drop_scenarios_level_idx" ON "drag_drop_scenarios" USING btree ("course_level","scenario_id");--> statement-breakpoint
CREATE INDEX "flashcards_level_category_id_idx" ON "flashcards" USING btree ("course_level","category","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_sent_at_idx" ON "mail_outbox" USING btree ("sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sorting_questions_question_item_key" ON "sorting_questions" USING btree ("question_id","item_key");--> statement-breakpoint
CREATE INDEX "sorting_questions_level_question_idx" ON "sorting_questions" USING btree ("course_level","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_flashcard_interactions_user_card_key" ON "user_flashcard_interactions" USING btree ("user_id","flashcard_id");--> statement-breakpoint
CREATE INDEX "user_flashcard_interactions_card_idx" ON "user_flashcard_interactions" USING btree ("flashcard_id");--> statement-breakpoint
CREATE INDEX "user_interactions_user_feature_action_idx" ON "user_interactions" USING btree ("user_id","feature_type","action_type");--> statement-breakpoint
CREATE INDEX "user_interactions_user_created_idx" ON "user_interactions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_stripe_customer_idx" ON "users" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");