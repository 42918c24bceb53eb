DROP INDEX "reports_reporter_subject_idx";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
UPDATE "reports" SET "reporter_id" = NULL WHERE "reason" = 'held_for_review';--> statement-breakpoint
ALTER TABLE "makes" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_reporter_subject_idx" ON "reports" USING btree ("subject_type","subject_id","reporter_id") WHERE "reports"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_hold_idx" ON "reports" USING btree ("subject_type","subject_id") WHERE "reports"."state" = 'open' and "reports"."reporter_id" is null;