CREATE TABLE "standard_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_id" uuid NOT NULL,
	"panelist_id" text NOT NULL,
	"item_key" text NOT NULL,
	"round" integer NOT NULL,
	"value" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "standard_ratings_round_check" CHECK (round in (1, 2)),
	CONSTRAINT "standard_ratings_value_check" CHECK (value between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "standard_studies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"level" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"round1_opened_at" timestamp with time zone,
	"round2_opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"adopted_at" timestamp with time zone,
	CONSTRAINT "standard_studies_level_check" CHECK (level in ('Paramedic', 'EMT')),
	CONSTRAINT "standard_studies_status_check" CHECK (status in ('draft', 'round1', 'round2', 'closed', 'adopted'))
);
--> statement-breakpoint
CREATE TABLE "standard_study_items" (
	"study_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"position" integer NOT NULL,
	"domain" text NOT NULL,
	"b" double precision NOT NULL,
	"c" double precision NOT NULL,
	CONSTRAINT "standard_study_items_study_id_item_key_pk" PRIMARY KEY("study_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "standard_study_panelists" (
	"study_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "standard_study_panelists_study_id_user_id_pk" PRIMARY KEY("study_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "standards" ADD COLUMN "study_id" uuid;--> statement-breakpoint
ALTER TABLE "standard_ratings" ADD CONSTRAINT "standard_ratings_panelist_fk" FOREIGN KEY ("study_id","panelist_id") REFERENCES "public"."standard_study_panelists"("study_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_ratings" ADD CONSTRAINT "standard_ratings_item_fk" FOREIGN KEY ("study_id","item_key") REFERENCES "public"."standard_study_items"("study_id","item_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_studies" ADD CONSTRAINT "standard_studies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_study_items" ADD CONSTRAINT "standard_study_items_study_id_standard_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."standard_studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_study_items" ADD CONSTRAINT "standard_study_items_item_key_question_items_key_fk" FOREIGN KEY ("item_key") REFERENCES "public"."question_items"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_study_panelists" ADD CONSTRAINT "standard_study_panelists_study_id_standard_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."standard_studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_study_panelists" ADD CONSTRAINT "standard_study_panelists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standard_ratings_study_panelist_item_round_key" ON "standard_ratings" USING btree ("study_id","panelist_id","item_key","round");--> statement-breakpoint
CREATE INDEX "standard_studies_created_idx" ON "standard_studies" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "standard_study_items_position_key" ON "standard_study_items" USING btree ("study_id","position");--> statement-breakpoint
CREATE INDEX "standard_study_panelists_user_idx" ON "standard_study_panelists" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "standards" ADD CONSTRAINT "standards_study_id_standard_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."standard_studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK (role in ('user', 'admin', 'instructor', 'panelist'));