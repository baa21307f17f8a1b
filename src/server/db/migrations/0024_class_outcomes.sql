ALTER TABLE "nremt_results" DROP CONSTRAINT "nremt_results_source_check";--> statement-breakpoint
ALTER TABLE "nremt_results" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "nremt_results" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "nremt_results" ADD CONSTRAINT "nremt_results_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nremt_results" ADD CONSTRAINT "nremt_results_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nremt_results" ADD CONSTRAINT "nremt_results_source_check" CHECK (source in ('student', 'import', 'program'));