ALTER TABLE "ad_campaigns" ALTER COLUMN "daily_budget" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_ads" ADD COLUMN "pausable" boolean DEFAULT true NOT NULL;