CREATE TABLE "class_assignment_students" (
	"assignment_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "class_assignment_students_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "class_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"spec" jsonb NOT NULL,
	"title" text NOT NULL,
	"due_date" date NOT NULL,
	"to_all" boolean NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "class_assignments_kind_check" CHECK (kind in ('questions', 'flashcards', 'scenario', 'exam'))
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "assignment_id" uuid;--> statement-breakpoint
ALTER TABLE "class_assignment_students" ADD CONSTRAINT "class_assignment_students_assignment_id_class_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."class_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_assignment_students" ADD CONSTRAINT "class_assignment_students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_assignments" ADD CONSTRAINT "class_assignments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_assignments" ADD CONSTRAINT "class_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_assignment_students_user_idx" ON "class_assignment_students" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "class_assignments_class_due_idx" ON "class_assignments" USING btree ("class_id","due_date");--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_assignment_id_class_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."class_assignments"("id") ON DELETE set null ON UPDATE no action;