ALTER TABLE "listings" ADD COLUMN "fulfilled_by_marketplace" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "marketplace_quantity" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilled_by_marketplace" boolean DEFAULT false NOT NULL;
