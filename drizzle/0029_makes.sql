CREATE TABLE "make_likes" (
	"user_id" integer NOT NULL,
	"make_id" integer NOT NULL,
	"liked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "make_likes_user_id_make_id_pk" PRIMARY KEY("user_id","make_id")
);
--> statement-breakpoint
CREATE TABLE "make_pictures" (
	"make_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "make_pictures_make_id_position_pk" PRIMARY KEY("make_id","position")
);
--> statement-breakpoint
CREATE TABLE "makes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "makes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"model_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"printer" text DEFAULT '' NOT NULL,
	"material" text DEFAULT '' NOT NULL,
	"settings" text DEFAULT '' NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "makes_likes_not_negative" CHECK ("makes"."likes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "make_likes" ADD CONSTRAINT "make_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_likes" ADD CONSTRAINT "make_likes_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_pictures" ADD CONSTRAINT "make_pictures_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makes" ADD CONSTRAINT "makes_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makes" ADD CONSTRAINT "makes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "make_likes_make_idx" ON "make_likes" USING btree ("make_id");--> statement-breakpoint
CREATE INDEX "makes_model_time_idx" ON "makes" USING btree ("model_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "makes_time_idx" ON "makes" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "makes_likes_idx" ON "makes" USING btree ("likes" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "makes_user_time_idx" ON "makes" USING btree ("user_id","created_at" DESC NULLS LAST);