-- Billing on Stripe: the account's customer and subscription as Stripe's webhooks leave them, the events applied
-- (once each), and each user's place in its account (the owner manages billing; everyone so far registered one).
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "subscription_status" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_stripe_customer_id_key" ON "accounts" USING btree ("stripe_customer_id") WHERE "accounts"."stripe_customer_id" is not null;
--> statement-breakpoint
-- Accounts on the trial before billing existed had no way to pay: each gets a full trial from now.
UPDATE "accounts" SET "trial_ends_at" = now() + interval '7 days' WHERE "plan" = 'trial' AND ("trial_ends_at" IS NULL OR "trial_ends_at" < now() + interval '7 days');
