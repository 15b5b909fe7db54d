CREATE TABLE "category_requirements" (
	"account_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"category" text NOT NULL,
	"category_name" text,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_requirements_channel_id_category_pk" PRIMARY KEY("channel_id","category")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seller_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "category_requirements" ADD CONSTRAINT "category_requirements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_requirements" ADD CONSTRAINT "category_requirements_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;