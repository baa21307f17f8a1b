-- Admin user search (case-insensitive substring over e-mail, first and last name) stays fast with
-- 100,000 users: a trigram index on the same expression the query uses.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin ((lower("email") || ' ' || lower(coalesce("first_name", '')) || ' ' || lower(coalesce("last_name", ''))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_role_created_at_idx" ON "users" ("role", "created_at" DESC);
