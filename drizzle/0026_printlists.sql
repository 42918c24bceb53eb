CREATE TABLE "printlist_items" (
	"printlist_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printlist_items_printlist_id_model_id_pk" PRIMARY KEY("printlist_id","model_id"),
	CONSTRAINT "printlist_items_position" CHECK ("printlist_items"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "printlists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "printlists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "printlist_items" ADD CONSTRAINT "printlist_items_printlist_id_printlists_id_fk" FOREIGN KEY ("printlist_id") REFERENCES "public"."printlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printlist_items" ADD CONSTRAINT "printlist_items_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printlists" ADD CONSTRAINT "printlists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "printlist_items_model_idx" ON "printlist_items" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "printlists_owner_idx" ON "printlists" USING btree ("owner_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "printlists_public_idx" ON "printlists" USING btree ("updated_at" DESC NULLS LAST) WHERE "printlists"."visibility" = 'public';