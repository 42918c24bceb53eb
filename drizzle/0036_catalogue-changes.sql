CREATE TABLE "catalogue_changes" (
	"version" bigint NOT NULL,
	"model_id" integer
);
--> statement-breakpoint
ALTER TABLE "catalogue_version" ADD COLUMN "changes_from" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "catalogue_changes_version_idx" ON "catalogue_changes" USING btree ("version");--> statement-breakpoint
-- The log starts empty: it holds every change after the version of now.
UPDATE "catalogue_version" SET "changes_from" = "version";
--> statement-breakpoint
-- Once per statement, as before (migration 0031), and now also naming the models each version changed,
-- from the statement's transition tables. An update counts only for the rows whose updated_at or status
-- moved (views, likes and sales counters move neither). The row lock on catalogue_version orders the
-- versions as the changes commit; the log keeps the last 100,000 of them.
CREATE FUNCTION "record_catalogue_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.updated_at IS DISTINCT FROM o.updated_at OR n.status IS DISTINCT FROM o.status LIMIT 1;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE "catalogue_version"
    SET "version" = "version" + 1, "changes_from" = greatest("changes_from", "version" + 1 - 100000)
    WHERE "id" = 1
    RETURNING "version" INTO changed;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "catalogue_changes" ("version", "model_id") SELECT changed, id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "catalogue_changes" ("version", "model_id") SELECT changed, id FROM old_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "catalogue_changes" ("version", "model_id")
      SELECT changed, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.updated_at IS DISTINCT FROM o.updated_at OR n.status IS DISTINCT FROM o.status;
  ELSE
    INSERT INTO "catalogue_changes" ("version", "model_id") VALUES (changed, NULL);
  END IF;
  DELETE FROM "catalogue_changes" WHERE "version" <= changed - 100000;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "models_bump_catalogue_version" ON "models";
--> statement-breakpoint
DROP TRIGGER "models_truncate_bumps_catalogue_version" ON "models";
--> statement-breakpoint
DROP FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "models_inserted_change_catalogue" AFTER INSERT ON "models"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_catalogue_change"();
--> statement-breakpoint
CREATE TRIGGER "models_updated_change_catalogue" AFTER UPDATE ON "models"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "record_catalogue_change"();
--> statement-breakpoint
CREATE TRIGGER "models_deleted_change_catalogue" AFTER DELETE ON "models"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_catalogue_change"();
--> statement-breakpoint
CREATE TRIGGER "models_truncated_change_catalogue" AFTER TRUNCATE ON "models"
FOR EACH STATEMENT EXECUTE FUNCTION "record_catalogue_change"();
