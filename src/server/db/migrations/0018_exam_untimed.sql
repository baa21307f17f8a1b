-- The practice exam may be taken untimed, chosen at its start (decision 104); every exam before this one was timed.
ALTER TABLE "exams" ADD COLUMN "timed" boolean DEFAULT true NOT NULL;