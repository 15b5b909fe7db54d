CREATE TABLE "marketplace_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"delivery_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "marketplace_events" ADD CONSTRAINT "marketplace_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_events_delivery_key" ON "marketplace_events" USING btree ("channel_id","delivery_id");--> statement-breakpoint
CREATE INDEX "marketplace_events_unprocessed_idx" ON "marketplace_events" USING btree ("received_at");