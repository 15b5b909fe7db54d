CREATE TABLE "ad_rule_actions" (
	"change_id" uuid NOT NULL,
	"product_ad_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	CONSTRAINT "ad_rule_actions_change_id_product_ad_id_pk" PRIMARY KEY("change_id","product_ad_id")
);
--> statement-breakpoint
ALTER TABLE "product_ads" ADD COLUMN "rules_overridden" text;--> statement-breakpoint
ALTER TABLE "ad_rule_actions" ADD CONSTRAINT "ad_rule_actions_change_id_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rule_actions" ADD CONSTRAINT "ad_rule_actions_product_ad_id_product_ads_id_fk" FOREIGN KEY ("product_ad_id") REFERENCES "public"."product_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rule_actions" ADD CONSTRAINT "ad_rule_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_rule_actions_product_ad_id_index" ON "ad_rule_actions" USING btree ("product_ad_id");