CREATE TABLE "model_likes" (
	"user_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"liked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_likes_user_id_model_id_pk" PRIMARY KEY("user_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "designer_follows" (
	"follower_id" integer NOT NULL,
	"designer_id" integer NOT NULL,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designer_follows_follower_id_designer_id_pk" PRIMARY KEY("follower_id","designer_id"),
	CONSTRAINT "designer_follows_not_self" CHECK ("designer_follows"."follower_id" <> "designer_follows"."designer_id")
);
--> statement-breakpoint
ALTER TABLE "model_likes" ADD CONSTRAINT "model_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_likes" ADD CONSTRAINT "model_likes_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_follows" ADD CONSTRAINT "designer_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_follows" ADD CONSTRAINT "designer_follows_designer_id_users_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_likes_user_time_idx" ON "model_likes" USING btree ("user_id","liked_at" DESC NULLS LAST,"model_id");--> statement-breakpoint
CREATE INDEX "model_likes_model_idx" ON "model_likes" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "designer_follows_follower_time_idx" ON "designer_follows" USING btree ("follower_id","followed_at" DESC NULLS LAST,"designer_id");--> statement-breakpoint
CREATE INDEX "designer_follows_designer_idx" ON "designer_follows" USING btree ("designer_id");--> statement-breakpoint
ALTER TABLE "designer_profiles" DROP COLUMN "model_likes";