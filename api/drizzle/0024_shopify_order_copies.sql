CREATE TABLE "shopify_order_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"shopify_channel_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"shopify_order_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shopify_order_copies" ADD CONSTRAINT "shopify_order_copies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_order_copies" ADD CONSTRAINT "shopify_order_copies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_order_copies" ADD CONSTRAINT "shopify_order_copies_shopify_channel_id_channels_id_fk" FOREIGN KEY ("shopify_channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_order_copies_order" ON "shopify_order_copies" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shopify_order_copies_shopify_order" ON "shopify_order_copies" USING btree ("shopify_channel_id","shopify_order_id");