CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Once per statement, and only for writes the listing index reads: every such write moves updated_at
-- or status (views, likes and sales counters do not, and do not rebuild the index). The row lock on
-- catalogue_version orders the numbers as the changes commit.
CREATE TRIGGER "models_bump_catalogue_version"
AFTER INSERT OR DELETE OR UPDATE OF "updated_at", "status" ON "models"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "models_truncate_bumps_catalogue_version"
AFTER TRUNCATE ON "models"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
