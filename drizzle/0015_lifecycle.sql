ALTER TYPE "public"."model_status" ADD VALUE 'unpublished';--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "licence_terms" text;