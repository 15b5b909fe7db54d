CREATE TABLE "sales_dirty_hours" (
	"account_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_dirty_hours_account_id_hour_pk" PRIMARY KEY("account_id","hour")
);
--> statement-breakpoint
CREATE TABLE "sales_hours" (
	"account_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"channel_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_hours_account_id_hour_channel_id_currency_pk" PRIMARY KEY("account_id","hour","channel_id","currency")
);
--> statement-breakpoint
-- An order's hour is marked in the transaction that changes it, so a report never sums an hour the job has
-- not seen since: it reads that hour from the orders themselves. Hours are UTC hours whatever the session's zone.
CREATE OR REPLACE FUNCTION "orders_mark_sales_hour"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "sales_dirty_hours" ("account_id", "hour")
      VALUES (OLD.account_id, date_trunc('hour', OLD.ordered_at, 'UTC')) ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR date_trunc('hour', OLD.ordered_at, 'UTC') <> date_trunc('hour', NEW.ordered_at, 'UTC')
      OR OLD.account_id <> NEW.account_id) THEN
    INSERT INTO "sales_dirty_hours" ("account_id", "hour")
      VALUES (NEW.account_id, date_trunc('hour', NEW.ordered_at, 'UTC')) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_sales_inserted" AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_mark_sales_hour"();
--> statement-breakpoint
-- Only a change of what the figures count: an order's fulfilment, addresses and stamps change often.
CREATE TRIGGER "orders_sales_changed" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN ((OLD.account_id, OLD.channel_id, OLD.ordered_at, OLD.status, OLD.lines)
        IS DISTINCT FROM (NEW.account_id, NEW.channel_id, NEW.ordered_at, NEW.status, NEW.lines))
  EXECUTE FUNCTION "orders_mark_sales_hour"();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_deleted" AFTER DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_mark_sales_hour"();
--> statement-breakpoint
-- The orders already stored: every hour they fall in is summed by the job's first runs.
INSERT INTO "sales_dirty_hours" ("account_id", "hour")
  SELECT DISTINCT "account_id", date_trunc('hour', "ordered_at", 'UTC') FROM "orders" ON CONFLICT DO NOTHING;
