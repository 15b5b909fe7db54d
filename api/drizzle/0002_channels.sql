CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"environment" text NOT NULL,
	"external_seller_id" text NOT NULL,
	"display_name" text NOT NULL,
	"credentials_ciphertext" text,
	"rules" jsonb NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channels_account_idx" ON "channels" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_one_main_per_account" ON "channels" USING btree ("account_id") WHERE "channels"."role" = 'main' and "channels"."status" <> 'disconnected';--> statement-breakpoint
CREATE UNIQUE INDEX "channels_account_marketplace_seller_key" ON "channels" USING btree ("account_id","kind","environment","external_seller_id") WHERE "channels"."status" <> 'disconnected';