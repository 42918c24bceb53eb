CREATE TABLE "model_rating_baselines" (
	"model_id" integer PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"average" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"model_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"stars" smallint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "model_ratings_stars_range" CHECK ("model_ratings"."stars" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "model_rating_baselines" ADD CONSTRAINT "model_rating_baselines_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_ratings" ADD CONSTRAINT "model_ratings_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_ratings" ADD CONSTRAINT "model_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "model_ratings_model_user_idx" ON "model_ratings" USING btree ("model_id","user_id");--> statement-breakpoint
CREATE INDEX "model_ratings_model_time_idx" ON "model_ratings" USING btree ("model_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "model_ratings_time_idx" ON "model_ratings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "model_ratings_user_idx" ON "model_ratings" USING btree ("user_id");