-- Search over the study content (docs/decisions/101-search-full-text-and-trigram-terms.md): a generated, weighted
-- tsvector per searchable table with its GIN index, the scenarios' searchable text, and the words of the library per level
-- under a trigram index (pg_trgm, created in 0003) for misspelt words. The words are filled by the server at start.
-- The usage events gain the search feature and its two actions.
CREATE TABLE "scenario_search" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"course_level" text NOT NULL,
	"body" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) STORED NOT NULL,
	CONSTRAINT "scenario_search_key_unique" UNIQUE("key"),
	CONSTRAINT "scenario_search_course_level_check" CHECK (course_level in ('Paramedic', 'EMT'))
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text NOT NULL,
	"level" text NOT NULL,
	CONSTRAINT "search_terms_term_level_pk" PRIMARY KEY("term","level"),
	CONSTRAINT "search_terms_level_check" CHECK (level in ('Paramedic', 'EMT'))
);
--> statement-breakpoint
ALTER TABLE "user_interactions" DROP CONSTRAINT "user_interactions_feature_type_check";--> statement-breakpoint
ALTER TABLE "user_interactions" DROP CONSTRAINT "user_interactions_action_type_check";--> statement-breakpoint
ALTER TABLE "drag_drop_scenarios" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', scenario), 'A') || setweight(to_tsvector('english', therapy_name), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', case when front_text ~* '^\s*(/|https://)\S+\.(svg|png|jpe?g|webp|gif)\s*$' then '' else front_text end), 'A') || setweight(to_tsvector('english', back_text), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sorting_questions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', question_text), 'A') || setweight(to_tsvector('english', medication), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "question_items" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(body->>'stem', '')), 'A') || setweight(to_tsvector('english', coalesce(jsonb_path_query_array(body, '$.options[*].text'), '[]'::jsonb)), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "scenario_search_idx" ON "scenario_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gist ("term" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "drag_drop_scenarios_search_idx" ON "drag_drop_scenarios" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "flashcards_search_idx" ON "flashcards" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "sorting_questions_search_idx" ON "sorting_questions" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "question_items_search_idx" ON "question_items" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "user_interactions" ADD CONSTRAINT "user_interactions_feature_type_check" CHECK (feature_type in ('home', 'flashcard_paramedic', 'flashcard_emt', 'video', 'scenario', 'drag_drop', 'sorting', 'question', 'search'));--> statement-breakpoint
ALTER TABLE "user_interactions" ADD CONSTRAINT "user_interactions_action_type_check" CHECK (action_type in ('session_start', 'heartbeat', 'tab_hidden', 'tab_visible', 'session_end', 'video_start', 'video_end', 'answer', 'flag', 'scenario_start', 'scenario_complete', 'question_start', 'question_complete', 'search', 'open_result'));