ALTER TABLE "order_fees" ADD COLUMN "read_again_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_fees_read_again_idx" ON "order_fees" USING btree ("channel_id","read_again_at") WHERE "order_fees"."read_again_at" is not null;--> statement-breakpoint
-- Fees read from a marketplace within its refund window are read again (from two days after their first read).
UPDATE "order_fees" SET "read_again_at" = "read_at" + interval '2 days'
  WHERE "source" = 'marketplace' AND "read_at" > now() - interval '30 days';
