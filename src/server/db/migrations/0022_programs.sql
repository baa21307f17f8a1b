CREATE TABLE "class_members" (
	"class_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"email_visible" boolean DEFAULT false NOT NULL,
	"outcomes_consent" boolean DEFAULT false NOT NULL,
	CONSTRAINT "class_members_class_id_user_id_pk" PRIMARY KEY("class_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"exam_window_start" date,
	"exam_window_end" date,
	"seats" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"grants_access_days" integer,
	"instructor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_code_unique" UNIQUE("code"),
	CONSTRAINT "classes_level_check" CHECK (level in ('Paramedic', 'EMT')),
	CONSTRAINT "classes_code_upper_check" CHECK (code = upper(code) and length(code) > 0),
	CONSTRAINT "classes_dates_check" CHECK (end_date >= start_date),
	CONSTRAINT "classes_exam_window_check" CHECK (exam_window_end is null or exam_window_start is null or exam_window_end >= exam_window_start),
	CONSTRAINT "classes_seats_check" CHECK (seats between 1 and 500 and seats_taken >= 0 and seats_taken <= seats),
	CONSTRAINT "classes_grants_access_days_check" CHECK (grants_access_days is null or grants_access_days between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_members_user_id_idx" ON "class_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "classes_instructor_id_idx" ON "classes" USING btree ("instructor_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK (role in ('user', 'admin', 'instructor'));