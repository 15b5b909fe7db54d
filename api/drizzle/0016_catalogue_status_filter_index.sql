CREATE INDEX "listings_account_status_channel_idx" ON "listings" USING btree ("account_id","status","channel_id","product_id","sku");--> statement-breakpoint
DROP INDEX "listings_account_status_idx";
