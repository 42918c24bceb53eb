CREATE TABLE "search_keywords" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_keywords_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"keyword" text NOT NULL,
	"category_id" integer,
	"model_count" integer DEFAULT 0 NOT NULL,
	"search_count" integer DEFAULT 0 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"top_model_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_keywords" ADD CONSTRAINT "search_keywords_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_keywords" ADD CONSTRAINT "search_keywords_top_model_id_models_id_fk" FOREIGN KEY ("top_model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_keywords_keyword_category_idx" ON "search_keywords" USING btree ("keyword",coalesce("category_id", 0));--> statement-breakpoint
CREATE INDEX "search_keywords_prefix_idx" ON "search_keywords" USING btree ("keyword" text_pattern_ops,"popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_keywords_trgm_idx" ON "search_keywords" USING gin ("keyword" gin_trgm_ops);--> statement-breakpoint
-- Backfill for catalogues seeded before this table existed (the same as refreshSearchKeywords then).
WITH per_tag AS (
  SELECT tag, m.root_category_id AS category_id, count(*) AS n,
         max(array[m.trending_score::float8, -m.id::float8]) AS top
  FROM models m, unnest(m.tags) AS tag
  GROUP BY GROUPING SETS ((tag), (tag, m.root_category_id))
),
fresh AS (
  SELECT lower(f_unaccent(tag)) AS keyword, category_id, sum(n)::int AS n, (-(max(top))[2])::int AS top
  FROM per_tag WHERE length(tag) BETWEEN 1 AND 64
  GROUP BY 1, 2
  HAVING category_id IS NULL OR sum(n) >= 3
)
INSERT INTO "search_keywords" (keyword, category_id, model_count, popularity, top_model_id)
SELECT keyword, category_id, n, n, top FROM fresh;
