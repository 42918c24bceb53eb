CREATE TYPE "public"."price_offer_status" AS ENUM('open', 'accepted', 'ordered', 'withdrawn');--> statement-breakpoint
CREATE TABLE "price_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"designer_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"status" "price_offer_status" DEFAULT 'open' NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "price_offers_price_positive" CHECK ("price_offers"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "price_offers" ADD CONSTRAINT "price_offers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_offers" ADD CONSTRAINT "price_offers_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_offers" ADD CONSTRAINT "price_offers_designer_id_users_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_offers" ADD CONSTRAINT "price_offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_offers_live_idx" ON "price_offers" USING btree ("buyer_id","model_id") WHERE "price_offers"."status" in ('open', 'accepted');--> statement-breakpoint
CREATE INDEX "price_offers_conversation_idx" ON "price_offers" USING btree ("conversation_id");