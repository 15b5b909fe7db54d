-- What may have changed whether a product is low on stock, noted in the writer's own transaction for the alerts'
-- next look (an incremental one: it reads only these products, and all of an account's when its product_id is null).
CREATE TABLE "low_stock_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"product_id" uuid
);--> statement-breakpoint
-- Every account is looked at whole once: what changed before this table was noted nowhere.
INSERT INTO "low_stock_changes" ("account_id") SELECT "id" FROM "accounts";--> statement-breakpoint
-- Per statement, from its transition tables: a catalogue import of many products notes them in one insert.
CREATE OR REPLACE FUNCTION "products_note_low_stock_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "low_stock_changes" ("account_id", "product_id") SELECT n.account_id, n.id FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "low_stock_changes" ("account_id", "product_id") SELECT o.account_id, o.id FROM old_rows o;
  ELSE
    INSERT INTO "low_stock_changes" ("account_id", "product_id")
    SELECT n.account_id, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.on_hand IS DISTINCT FROM o.on_hand OR n.committed IS DISTINCT FROM o.committed;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_low_stock_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "products_note_low_stock_change"();--> statement-breakpoint
CREATE TRIGGER "products_low_stock_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "products_note_low_stock_change"();--> statement-breakpoint
CREATE TRIGGER "products_low_stock_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "products_note_low_stock_change"();--> statement-breakpoint
-- A product is news only while a listing of it is active: a listing put on or off sale, or moved to another product.
CREATE OR REPLACE FUNCTION "listings_note_low_stock_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "low_stock_changes" ("account_id", "product_id")
    SELECT n.account_id, n.product_id FROM new_rows n WHERE n.product_id IS NOT NULL AND n.status = 'active';
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "low_stock_changes" ("account_id", "product_id")
    SELECT o.account_id, o.product_id FROM old_rows o WHERE o.product_id IS NOT NULL AND o.status = 'active';
  ELSE
    INSERT INTO "low_stock_changes" ("account_id", "product_id")
    SELECT moved.account_id, moved.product_id FROM new_rows n JOIN old_rows o ON o.id = n.id,
      LATERAL (VALUES (n.account_id, n.product_id), (o.account_id, o.product_id)) AS moved(account_id, product_id)
    WHERE moved.product_id IS NOT NULL
      AND ((n.status = 'active') <> (o.status = 'active') OR n.product_id IS DISTINCT FROM o.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listings_low_stock_insert" AFTER INSERT ON "listings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "listings_note_low_stock_change"();--> statement-breakpoint
CREATE TRIGGER "listings_low_stock_update" AFTER UPDATE ON "listings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "listings_note_low_stock_change"();--> statement-breakpoint
CREATE TRIGGER "listings_low_stock_delete" AFTER DELETE ON "listings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "listings_note_low_stock_change"();--> statement-breakpoint
-- A new low-stock level: all of the account's products are looked at again.
CREATE OR REPLACE FUNCTION "alert_settings_note_low_stock_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.low_stock_units IS DISTINCT FROM OLD.low_stock_units THEN
    INSERT INTO "low_stock_changes" ("account_id") VALUES (NEW.account_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "alert_settings_low_stock" AFTER INSERT OR UPDATE ON "alert_settings"
  FOR EACH ROW EXECUTE FUNCTION "alert_settings_note_low_stock_change"();
