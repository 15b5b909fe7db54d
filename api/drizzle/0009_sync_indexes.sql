ALTER TABLE "channels" ADD COLUMN "writes_due_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_channel_changed_idx" ON "orders" USING btree ("channel_id","marketplace_updated_at");--> statement-breakpoint
CREATE INDEX "listing_writes_in_flight_idx" ON "listing_writes" USING btree ("listing_id") WHERE "listing_writes"."status" in ('sending', 'submitted', 'accepted');