ALTER TABLE "srs_review_logs" ADD COLUMN "source" text DEFAULT 'review' NOT NULL;--> statement-breakpoint
ALTER TABLE "srs_review_logs" ADD CONSTRAINT "srs_review_logs_source_check" CHECK (source in ('deck', 'review', 'practice', 'exam'));--> statement-breakpoint
-- Logs written before this column, best effort: an exam's miss is logged at the exam's end with grade Again; a practice
-- answer in the same transaction as its attempt, with the same verdict. Flashcard reviews from a deck and from /review
-- cannot be told apart and stay 'review'.
UPDATE "srs_review_logs" l SET "source" = 'exam'
FROM "exams" e JOIN "exam_items" ei ON ei."exam_id" = e."id"
WHERE l."item_kind" = 'question' AND e."user_id" = l."user_id" AND ei."item_key" = l."item_key"
  AND NOT ei."pilot" AND ei."correct" = false AND l."grade" = 1 AND l."reviewed_at" = e."ended_at";--> statement-breakpoint
UPDATE "srs_review_logs" l SET "source" = 'practice'
WHERE l."item_kind" = 'question' AND l."source" = 'review' AND EXISTS (
  SELECT 1 FROM "question_attempts" a
  WHERE a."user_id" = l."user_id" AND a."item_key" = l."item_key" AND a."correct" = (l."grade" > 1)
    AND abs(extract(epoch FROM a."created_at" - l."reviewed_at")) < 60);
