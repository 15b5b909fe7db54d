CREATE TABLE "compliance_issues" (
	"account_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"product_id" uuid,
	"sku" text NOT NULL,
	"code" text NOT NULL,
	"severity" text NOT NULL,
	"field" text NOT NULL,
	"message" text NOT NULL,
	"fix" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"restricted_words" jsonb,
	"checked_through" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_issues" ADD CONSTRAINT "compliance_issues_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_issues" ADD CONSTRAINT "compliance_issues_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_issues" ADD CONSTRAINT "compliance_issues_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_issues" ADD CONSTRAINT "compliance_issues_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_settings" ADD CONSTRAINT "compliance_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_issues_listing_code_key" ON "compliance_issues" USING btree ("listing_id","code","field");--> statement-breakpoint
CREATE INDEX "compliance_issues_account_sku_idx" ON "compliance_issues" USING btree ("account_id","sku","channel_id");--> statement-breakpoint
CREATE INDEX "compliance_issues_account_severity_idx" ON "compliance_issues" USING btree ("account_id","severity","channel_id");