CREATE TABLE "listing_competition" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"lowest_other" numeric(12, 2),
	"featured" numeric(12, 2),
	"featured_is_ours" boolean NOT NULL,
	"currency" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_competition" ADD CONSTRAINT "listing_competition_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_competition" ADD CONSTRAINT "listing_competition_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_competition_account_idx" ON "listing_competition" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "listings_channel_marketplace_id_idx" ON "listings" USING btree ("channel_id","marketplace_id") WHERE "listings"."marketplace_id" is not null;