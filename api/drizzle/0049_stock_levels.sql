CREATE TABLE "stock_levels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"available" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_levels_product_at_idx" ON "stock_levels" USING btree ("product_id","at");--> statement-breakpoint
-- The history starts with each product's stock as it stands, held since its last change.
INSERT INTO "stock_levels" ("account_id", "product_id", "at", "available")
SELECT "account_id", "id", "updated_at", greatest("on_hand" - "committed", 0) FROM "products";--> statement-breakpoint
-- Per statement, from its transition tables (an import of many products is one insert), and only where the
-- available stock moved. The writer's clock is the row's updated_at when the statement set it.
CREATE OR REPLACE FUNCTION "products_record_stock_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stock_levels" ("account_id", "product_id", "at", "available")
    SELECT n.account_id, n.id, n.updated_at, greatest(n.on_hand - n.committed, 0) FROM new_rows n;
  ELSE
    INSERT INTO "stock_levels" ("account_id", "product_id", "at", "available")
    SELECT n.account_id, n.id,
      CASE WHEN n.updated_at IS DISTINCT FROM o.updated_at THEN n.updated_at ELSE now() END,
      greatest(n.on_hand - n.committed, 0)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE greatest(n.on_hand - n.committed, 0) <> greatest(o.on_hand - o.committed, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_stock_level_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "products_record_stock_level"();--> statement-breakpoint
CREATE TRIGGER "products_stock_level_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "products_record_stock_level"();
