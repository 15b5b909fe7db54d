-- Deliveries recorded before this version were acted on as they arrived (nothing marked them): they are
-- processed, so that only deliveries holding an order still to apply are left without processed_at.
UPDATE "marketplace_events" SET "processed_at" = "received_at" WHERE "processed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "marketplace_events_to_apply_idx" ON "marketplace_events" USING btree ("channel_id","received_at") WHERE "marketplace_events"."processed_at" is null;
