CREATE TABLE "tutorial_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tutorial_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tutorial_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutorial_likes" (
	"user_id" integer NOT NULL,
	"tutorial_id" integer NOT NULL,
	"liked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutorial_likes_user_id_tutorial_id_pk" PRIMARY KEY("user_id","tutorial_id")
);
--> statement-breakpoint
CREATE TABLE "tutorial_pictures" (
	"key" text PRIMARY KEY NOT NULL,
	"tutorial_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The seeded rows had one software name (or none): it becomes their one tag.
ALTER TABLE "designer_tutorials" ALTER COLUMN "software" SET DATA TYPE text[] USING (CASE WHEN "software" IS NULL THEN '{}'::text[] ELSE ARRAY["software"] END);--> statement-breakpoint
ALTER TABLE "designer_tutorials" ALTER COLUMN "software" SET DEFAULT '{}';--> statement-breakpoint
ALTER TABLE "designer_tutorials" ALTER COLUMN "software" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD COLUMN "skill_level" text DEFAULT 'beginner' NOT NULL;--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD COLUMN "cover_key" text;--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD COLUMN "cover_width" integer;--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD COLUMN "cover_height" integer;--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD COLUMN "likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD COLUMN "comments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Tutorials written before drafts existed were public: they stay published, dated as written.
UPDATE "designer_tutorials" SET "status" = 'published', "published_at" = "created_at", "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "tutorial_comments" ADD CONSTRAINT "tutorial_comments_tutorial_id_designer_tutorials_id_fk" FOREIGN KEY ("tutorial_id") REFERENCES "public"."designer_tutorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutorial_comments" ADD CONSTRAINT "tutorial_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutorial_likes" ADD CONSTRAINT "tutorial_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutorial_likes" ADD CONSTRAINT "tutorial_likes_tutorial_id_designer_tutorials_id_fk" FOREIGN KEY ("tutorial_id") REFERENCES "public"."designer_tutorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutorial_pictures" ADD CONSTRAINT "tutorial_pictures_tutorial_id_designer_tutorials_id_fk" FOREIGN KEY ("tutorial_id") REFERENCES "public"."designer_tutorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tutorial_comments_tutorial_idx" ON "tutorial_comments" USING btree ("tutorial_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tutorial_likes_tutorial_idx" ON "tutorial_likes" USING btree ("tutorial_id");--> statement-breakpoint
CREATE INDEX "tutorial_pictures_tutorial_idx" ON "tutorial_pictures" USING btree ("tutorial_id");--> statement-breakpoint
CREATE INDEX "designer_tutorials_published_idx" ON "designer_tutorials" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "designer_tutorials_software_idx" ON "designer_tutorials" USING gin ("software");--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD CONSTRAINT "designer_tutorials_status" CHECK ("designer_tutorials"."status" in ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD CONSTRAINT "designer_tutorials_skill_level" CHECK ("designer_tutorials"."skill_level" in ('beginner', 'intermediate', 'advanced'));--> statement-breakpoint
ALTER TABLE "designer_tutorials" ADD CONSTRAINT "designer_tutorials_published_at" CHECK ("designer_tutorials"."status" = 'draft' or "designer_tutorials"."published_at" is not null);