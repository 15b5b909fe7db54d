CREATE TABLE "channel_rate_limits" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"percent" integer NOT NULL,
	"operation" text,
	"limited" integer NOT NULL,
	"noted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_rate_limits" ADD CONSTRAINT "channel_rate_limits_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_rate_limits" ADD CONSTRAINT "channel_rate_limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;