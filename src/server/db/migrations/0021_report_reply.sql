ALTER TABLE "question_reports" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "question_reports" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "question_reports" ADD COLUMN "replied_by" text;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_reports_user_item_idx" ON "question_reports" USING btree ("user_id","item_key");--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_reply_check" CHECK (reply is null or length(reply) between 1 and 1000);