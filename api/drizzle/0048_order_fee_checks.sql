CREATE TABLE "order_fee_checks" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"checks" integer NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_fee_checks" ADD CONSTRAINT "order_fee_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fee_checks" ADD CONSTRAINT "order_fee_checks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_fee_checks_account_idx" ON "order_fee_checks" USING btree ("account_id");