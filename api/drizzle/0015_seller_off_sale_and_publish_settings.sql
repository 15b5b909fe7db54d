-- What a new listing on the channel needs that only the seller can choose (Amazon product type; eBay
-- category, inventory location and business policies), chosen once per channel and kept.
ALTER TABLE "channels" ADD COLUMN "publish_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The seller took the listing off sale, and since when (null while it is meant to be on sale): no push
-- puts such a listing back on sale, whatever the marketplace's own status says.
ALTER TABLE "listings" ADD COLUMN "taken_off_sale_at" timestamp with time zone;
