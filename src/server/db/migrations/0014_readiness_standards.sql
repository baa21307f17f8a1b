CREATE TABLE "standards" (
	"id" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"method" text NOT NULL,
	"cut" double precision NOT NULL,
	"cut_se" double precision,
	"adopted_at" timestamp with time zone,
	"adopted_by" text,
	CONSTRAINT "standards_level_check" CHECK (level in ('Paramedic', 'EMT')),
	CONSTRAINT "standards_method_check" CHECK (method in ('default', 'panel')),
	CONSTRAINT "standards_panel_adopted_check" CHECK (method = 'default' or adopted_at is not null)
);
--> statement-breakpoint
-- Each level's default standard: the rule the bank was built on (PASSING_THETA = 0 in src/shared/exam.ts; a test checks
-- that these rows agree with it). Every exam so far was scored against it.
INSERT INTO "standards" ("id", "level", "method", "cut") VALUES ('default-EMT', 'EMT', 'default', 0), ('default-Paramedic', 'Paramedic', 'default', 0);--> statement-breakpoint
-- The fixed lower asymptote each exam item was scored with (decision 097); the exams so far were scored with none
ALTER TABLE "exam_items" ADD COLUMN "c" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "standard_id" text;--> statement-breakpoint
UPDATE "exams" SET "standard_id" = 'default-' || "level";--> statement-breakpoint
ALTER TABLE "exams" ALTER COLUMN "standard_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "standards" ADD CONSTRAINT "standards_adopted_by_users_id_fk" FOREIGN KEY ("adopted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standards_level_adopted_idx" ON "standards" USING btree ("level","adopted_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exams_standard_idx" ON "exams" USING btree ("standard_id");