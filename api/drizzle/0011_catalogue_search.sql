-- The catalogue searches SKU, title and brand by any part: trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "listings_account_errors_idx" ON "listings" USING btree ("account_id","product_id") WHERE "listings"."status" = 'error' or "listings"."last_error" is not null;--> statement-breakpoint
CREATE INDEX "listings_account_unlinked_idx" ON "listings" USING btree ("account_id","sku") WHERE "listings"."product_id" is null;--> statement-breakpoint
CREATE INDEX "listings_account_updated_idx" ON "listings" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_brand_trgm_idx" ON "products" USING gin ("brand" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_account_gtin_idx" ON "products" USING btree ("account_id","gtin" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_account_available_idx" ON "products" USING btree ("account_id",greatest("on_hand" - "committed", 0),"sku");--> statement-breakpoint
CREATE INDEX "products_account_updated_idx" ON "products" USING btree ("account_id","updated_at","sku");--> statement-breakpoint
CREATE INDEX "changes_account_sku_created_idx" ON "changes" USING btree ("account_id","sku","created_at");