ALTER TABLE "question_items" ADD COLUMN "pool" text DEFAULT 'practice' NOT NULL;--> statement-breakpoint
-- Before the index: open exams made by concurrent starts. The student only ever saw the newest (the one the app resumes);
-- the older open ones are dropped with their items.
DELETE FROM "exams" e USING "exams" newer
  WHERE e."ended_at" IS NULL AND newer."ended_at" IS NULL AND newer."user_id" = e."user_id"
    AND (newer."started_at", newer."id") > (e."started_at", e."id");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_one_open_per_user_idx" ON "exams" USING btree ("user_id") WHERE ended_at is null;--> statement-breakpoint
ALTER TABLE "question_items" ADD CONSTRAINT "question_items_pool_check" CHECK (pool in ('practice', 'exam'));