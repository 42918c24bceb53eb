CREATE INDEX "models_trending_idx" ON "models" USING btree ("trending_score" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "models_sales_idx" ON "models" USING btree ("sales" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "models_final_price_idx" ON "models" USING btree ("final_price_cents","id");