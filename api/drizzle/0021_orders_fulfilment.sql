CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	"lines" jsonb NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"marketplace_shipment_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "orders_account_ordered_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" text;--> statement-breakpoint
UPDATE "orders" SET "order_number" = "marketplace_order_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'unshipped' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fees" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "fulfilment" = CASE "status" WHEN 'shipped' THEN 'shipped' WHEN 'cancelled' THEN 'cancelled' ELSE 'unshipped' END,
  "search_text" = lower("marketplace_order_id" || ' ' || coalesce((SELECT string_agg(l->>'sku', ' ') FROM jsonb_array_elements("lines") AS l), ''));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_account_state_idx" ON "shipments" USING btree ("account_id","state");--> statement-breakpoint
CREATE INDEX "orders_account_updated_idx" ON "orders" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "orders_account_number_idx" ON "orders" USING btree ("account_id","order_number");--> statement-breakpoint
CREATE INDEX "orders_account_marketplace_id_idx" ON "orders" USING btree ("account_id","marketplace_order_id");--> statement-breakpoint
CREATE INDEX "orders_channel_ordered_idx" ON "orders" USING btree ("channel_id","ordered_at","id");--> statement-breakpoint
CREATE INDEX "orders_account_fulfilment_idx" ON "orders" USING btree ("account_id","fulfilment","ordered_at","id");--> statement-breakpoint
CREATE INDEX "orders_account_ship_by_idx" ON "orders" USING btree ("account_id","ship_by") WHERE "orders"."fulfilment" in ('unshipped', 'partially shipped');--> statement-breakpoint
CREATE INDEX "orders_account_ship_by_sort_idx" ON "orders" USING btree ("account_id",coalesce("ship_by", 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "orders_account_total_sort_idx" ON "orders" USING btree ("account_id",coalesce("total_amount", -1),"id");--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "changes_order_idx" ON "changes" USING btree ("order_id") WHERE "changes"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_account_ordered_idx" ON "orders" USING btree ("account_id","ordered_at","id");