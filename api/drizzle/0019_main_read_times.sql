ALTER TABLE "products" ADD COLUMN "price_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_read_at" timestamp with time zone;