CREATE TABLE "test_payment_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"code" text,
	"message" text,
	"reference" text,
	"settles_at" timestamp with time zone NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_charges_reference_unique" UNIQUE("reference"),
	CONSTRAINT "test_payment_charges_refund" CHECK ("test_payment_charges"."refunded_cents" between 0 and "test_payment_charges"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "paying_application_id" integer;