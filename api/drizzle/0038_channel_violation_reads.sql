CREATE TABLE "channel_violation_reads" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_violation_reads" ADD CONSTRAINT "channel_violation_reads_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_violation_reads" ADD CONSTRAINT "channel_violation_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;