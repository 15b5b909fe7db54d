ALTER TABLE "stock_adjustments" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD COLUMN "sent_key" text;