DROP INDEX "models_search_idx";--> statement-breakpoint
DROP INDEX "models_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "models_updated_idx" ON "models" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "models" DROP COLUMN "search_vector";