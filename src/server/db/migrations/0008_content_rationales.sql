ALTER TABLE "drag_drop_scenarios" ADD COLUMN "rationale" text;--> statement-breakpoint
ALTER TABLE "sorting_questions" ADD COLUMN "rationale" text;