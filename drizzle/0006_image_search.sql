CREATE TABLE "image_cells" (
	"id" integer PRIMARY KEY NOT NULL,
	"centroid" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_descriptors" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"descriptor" "bytea" NOT NULL,
	"cell" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "search_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"descriptor" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "image_descriptors_cell_idx" ON "image_descriptors" USING btree ("cell");