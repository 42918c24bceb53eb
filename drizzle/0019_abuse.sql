CREATE TABLE "blocked_search_phrases" (
	"phrase" text PRIMARY KEY NOT NULL,
	"blocked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_phrase_sightings" (
	"phrase" text NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "search_phrase_sightings_phrase_visitor_day_pk" PRIMARY KEY("phrase","visitor","day")
);
--> statement-breakpoint
ALTER TABLE "model_view_visits" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "blocked_search_phrases" ADD CONSTRAINT "blocked_search_phrases_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_phrase_sightings_day_idx" ON "search_phrase_sightings" USING btree ("day");--> statement-breakpoint
CREATE INDEX "model_view_visits_address_idx" ON "model_view_visits" USING btree ("model_id","day","address");