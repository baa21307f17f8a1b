CREATE TABLE "exam_items" (
	"exam_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item_key" text NOT NULL,
	"perm" jsonb NOT NULL,
	"pilot" boolean NOT NULL,
	"domain" text NOT NULL,
	"b" double precision NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"answer" jsonb,
	"correct" boolean,
	"answered_at" timestamp with time zone,
	"time_ms" integer,
	"client_id" text,
	CONSTRAINT "exam_items_exam_id_position_pk" PRIMARY KEY("exam_id","position")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"level" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"pilot_positions" jsonb NOT NULL,
	"excluded_keys" jsonb NOT NULL,
	"ended_at" timestamp with time zone,
	"stop_reason" text,
	"passed" boolean,
	"theta" double precision,
	"se" double precision,
	"readiness" integer,
	"chance" integer,
	"scored" integer,
	CONSTRAINT "exams_level_check" CHECK (level in ('Paramedic', 'EMT')),
	CONSTRAINT "exams_stop_reason_check" CHECK (stop_reason is null or stop_reason in ('confident', 'maximum', 'time', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "item_calibrations" (
	"item_key" text PRIMARY KEY NOT NULL,
	"b" double precision NOT NULL,
	"se" double precision,
	"n" integer NOT NULL,
	"calibrated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_items" ADD CONSTRAINT "exam_items_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_items" ADD CONSTRAINT "exam_items_item_key_question_items_key_fk" FOREIGN KEY ("item_key") REFERENCES "public"."question_items"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_calibrations" ADD CONSTRAINT "item_calibrations_item_key_question_items_key_fk" FOREIGN KEY ("item_key") REFERENCES "public"."question_items"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_items_exam_item_key" ON "exam_items" USING btree ("exam_id","item_key");--> statement-breakpoint
CREATE INDEX "exam_items_item_idx" ON "exam_items" USING btree ("item_key");--> statement-breakpoint
CREATE INDEX "exams_user_started_idx" ON "exams" USING btree ("user_id","started_at" DESC NULLS LAST);