CREATE TABLE "fingerprint_matches" (
	"file_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"matched_model_id" integer NOT NULL,
	"distance" real NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fingerprint_matches_file_id_pk" PRIMARY KEY("file_id")
);
--> statement-breakpoint
CREATE TABLE "model_fingerprints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_fingerprints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"vector" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_fingerprints_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "fingerprint_matches" ADD CONSTRAINT "fingerprint_matches_file_id_model_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."model_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fingerprint_matches" ADD CONSTRAINT "fingerprint_matches_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fingerprint_matches" ADD CONSTRAINT "fingerprint_matches_matched_model_id_models_id_fk" FOREIGN KEY ("matched_model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_fingerprints" ADD CONSTRAINT "model_fingerprints_file_id_model_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."model_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_fingerprints" ADD CONSTRAINT "model_fingerprints_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fingerprint_matches_model_idx" ON "fingerprint_matches" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "model_fingerprints_model_idx" ON "model_fingerprints" USING btree ("model_id");