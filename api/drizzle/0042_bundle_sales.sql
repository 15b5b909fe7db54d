CREATE TABLE "bundle_sales" (
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"units" integer NOT NULL,
	"parts" jsonb NOT NULL,
	CONSTRAINT "bundle_sales_order_id_sku_pk" PRIMARY KEY("order_id","sku")
);
--> statement-breakpoint
ALTER TABLE "bundle_components" DROP CONSTRAINT "bundle_components_component_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "bundle_sales" ADD CONSTRAINT "bundle_sales_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_sales" ADD CONSTRAINT "bundle_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_sales_account_idx" ON "bundle_sales" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_component_product_id_products_id_fk" FOREIGN KEY ("component_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Orders that sold a bundle before sales kept what they committed: the components their units took, as the bundle is made now (what a cancellation released until now).
INSERT INTO "bundle_sales" ("account_id", "order_id", "sku", "units", "parts")
SELECT o."account_id", o."id", b."sku", u."value"::int, jsonb_object_agg(c."sku", u."value"::int * bc."quantity")
FROM "orders" o
CROSS JOIN LATERAL jsonb_each_text(o."accounted_units") u
JOIN "products" b ON b."account_id" = o."account_id" AND b."sku" = u."key"
JOIN "bundle_components" bc ON bc."bundle_product_id" = b."id"
JOIN "products" c ON c."id" = bc."component_product_id"
WHERE u."value"::int > 0
GROUP BY o."account_id", o."id", b."sku", u."value";
