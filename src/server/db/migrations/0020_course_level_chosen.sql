ALTER TABLE "users" ADD COLUMN "course_level_chosen_at" timestamp with time zone;--> statement-breakpoint
-- a student whose level is not sign-up's default chose it (at creation or later): decision 107
UPDATE "users" SET "course_level_chosen_at" = "updated_at" WHERE "course_level" <> 'Paramedic';
