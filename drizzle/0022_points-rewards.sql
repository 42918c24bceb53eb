ALTER TYPE "public"."points_entry_kind" ADD VALUE 'rewarded';--> statement-breakpoint
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_sign";--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "reward_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_reward_key_idx" ON "points_ledger" USING btree ("reward_key");--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_sign" CHECK ("points_ledger"."amount_cents" <> 0 and ("points_ledger"."kind"::text not in ('spent', 'expired') or "points_ledger"."amount_cents" < 0) and ("points_ledger"."kind"::text not in ('earned', 'gifted', 'rewarded') or "points_ledger"."amount_cents" > 0) and (("points_ledger"."kind"::text = 'rewarded') = ("points_ledger"."reward_key" is not null)));