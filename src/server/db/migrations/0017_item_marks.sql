-- One model for a student's mark on an item (decision 102): the flashcard flag (a column of the card's answer state) and the
-- question flag (a table of its own) become rows of item_marks, keyed by the item's kind and content key; every flag is copied
-- before the old places are dropped.
CREATE TABLE "item_marks" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"mark" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_marks_user_id_kind_key_mark_pk" PRIMARY KEY("user_id","kind","key","mark"),
	CONSTRAINT "item_marks_kind_check" CHECK (kind in ('flashcard', 'question', 'scenario', 'video')),
	CONSTRAINT "item_marks_mark_check" CHECK (mark in ('flag', 'bookmark'))
);
--> statement-breakpoint
ALTER TABLE "item_marks" ADD CONSTRAINT "item_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_marks_user_mark_idx" ON "item_marks" USING btree ("user_id","mark","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "item_marks" ("user_id", "kind", "key", "mark", "created_at")
SELECT i."user_id", 'flashcard', f."key", 'flag', i."last_studied_at"
FROM "user_flashcard_interactions" i JOIN "flashcards" f ON f."id" = i."flashcard_id"
WHERE i."is_flagged"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "item_marks" ("user_id", "kind", "key", "mark", "created_at")
SELECT "user_id", 'question', "item_key", 'flag', "created_at" FROM "question_flags"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "question_flags" CASCADE;--> statement-breakpoint
ALTER TABLE "user_flashcard_interactions" DROP COLUMN "is_flagged";--> statement-breakpoint
-- saving and unsaving are usage events of their own
ALTER TABLE "user_interactions" DROP CONSTRAINT "user_interactions_feature_type_check";--> statement-breakpoint
ALTER TABLE "user_interactions" DROP CONSTRAINT "user_interactions_action_type_check";--> statement-breakpoint
ALTER TABLE "user_interactions" ADD CONSTRAINT "user_interactions_feature_type_check" CHECK (feature_type in ('home', 'flashcard_paramedic', 'flashcard_emt', 'video', 'scenario', 'drag_drop', 'sorting', 'question', 'search', 'saved'));--> statement-breakpoint
ALTER TABLE "user_interactions" ADD CONSTRAINT "user_interactions_action_type_check" CHECK (action_type in ('session_start', 'heartbeat', 'tab_hidden', 'tab_visible', 'session_end', 'video_start', 'video_end', 'answer', 'flag', 'scenario_start', 'scenario_complete', 'question_start', 'question_complete', 'search', 'open_result', 'save', 'unsave'));
