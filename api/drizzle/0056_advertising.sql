CREATE TABLE "ad_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"marketplace" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"last_error" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_accounts_channel_external_uq" UNIQUE("channel_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"campaign_id" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"daily_budget" numeric(12, 2) NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_campaigns_external_uq" UNIQUE("ad_account_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "ad_performance_daily" (
	"account_id" uuid NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"campaign_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"sku" text,
	"impressions" integer NOT NULL,
	"clicks" integer NOT NULL,
	"spend" numeric(14, 2) NOT NULL,
	"sales" numeric(14, 2) NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "ad_performance_daily_ad_account_id_day_campaign_id_ad_id_pk" PRIMARY KEY("ad_account_id","day","campaign_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "ad_rules" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"pause_out_of_stock" boolean DEFAULT true NOT NULL,
	"pause_below_days_of_cover" integer,
	"pause_listing_problems" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"ad_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"ad_group_id" text NOT NULL,
	"sku" text NOT NULL,
	"product_id" uuid,
	"state" text NOT NULL,
	"desired_state" text,
	"paused_by" text,
	"last_error" text,
	"read_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_ads_external_uq" UNIQUE("ad_account_id","ad_id")
);
--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_performance_daily" ADD CONSTRAINT "ad_performance_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_performance_daily" ADD CONSTRAINT "ad_performance_daily_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rules" ADD CONSTRAINT "ad_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ads" ADD CONSTRAINT "product_ads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ads" ADD CONSTRAINT "product_ads_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ads" ADD CONSTRAINT "product_ads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_accounts_account_id_index" ON "ad_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ad_campaigns_account_id_index" ON "ad_campaigns" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ad_performance_daily_account_id_day_index" ON "ad_performance_daily" USING btree ("account_id","day");--> statement-breakpoint
CREATE INDEX "product_ads_account_id_sku_index" ON "product_ads" USING btree ("account_id","sku");--> statement-breakpoint
CREATE INDEX "product_ads_product_id_index" ON "product_ads" USING btree ("product_id");