ALTER TABLE "orders" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
CREATE INDEX "orders_card_fingerprint_idx" ON "orders" USING btree ("card_fingerprint");--> statement-breakpoint
-- Orders paid through the built-in test provider before this column: its books keep the card number
-- (the charge's parameters, card details 5th), hashed as the provider now does (testCardFingerprint).
UPDATE "orders" AS o
SET "card_fingerprint" = 'test_fp_' || left(encode(sha256(convert_to(c."card_number", 'UTF8')), 'hex'), 24)
FROM (
  SELECT "reference",
    CASE WHEN "fingerprint" LIKE '[%' THEN "fingerprint"::jsonb -> 4 ->> 0 END AS "card_number"
  FROM "test_payment_charges"
  WHERE "status" = 'succeeded' AND "reference" IS NOT NULL
) AS c
WHERE c."reference" = o."payment_reference" AND c."card_number" IS NOT NULL;
