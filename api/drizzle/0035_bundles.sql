CREATE TABLE "bundle_components" (
	"account_id" uuid NOT NULL,
	"bundle_product_id" uuid NOT NULL,
	"component_product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundle_components_bundle_product_id_component_product_id_pk" PRIMARY KEY("bundle_product_id","component_product_id"),
	CONSTRAINT "bundle_components_quantity_positive" CHECK ("bundle_components"."quantity" >= 1),
	CONSTRAINT "bundle_components_not_itself" CHECK ("bundle_components"."bundle_product_id" <> "bundle_components"."component_product_id")
);
--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_bundle_product_id_products_id_fk" FOREIGN KEY ("bundle_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_component_product_id_products_id_fk" FOREIGN KEY ("component_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_components_component_idx" ON "bundle_components" USING btree ("component_product_id");--> statement-breakpoint
CREATE INDEX "bundle_components_account_idx" ON "bundle_components" USING btree ("account_id");