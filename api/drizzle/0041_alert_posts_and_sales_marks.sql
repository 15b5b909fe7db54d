ALTER TABLE "alerts" ADD COLUMN "posted_at" timestamp with time zone;--> statement-breakpoint
-- An hour's mark is held (a key-share lock) by the transaction that changed one of its orders until it
-- ends: the rollup job takes marks FOR UPDATE SKIP LOCKED, so it never sums an hour before a change in it
-- commits and leaves no mark after it. A share lock: orders of the same hour never wait for each other. A mark
-- the job deleted meanwhile is made again.
CREATE OR REPLACE FUNCTION "mark_sales_hour"(p_account uuid, p_hour timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOOP
    INSERT INTO "sales_dirty_hours" ("account_id", "hour") VALUES (p_account, p_hour) ON CONFLICT DO NOTHING;
    PERFORM 1 FROM "sales_dirty_hours" WHERE "account_id" = p_account AND "hour" = p_hour FOR KEY SHARE;
    EXIT WHEN FOUND;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "orders_mark_sales_hour"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "mark_sales_hour"(OLD.account_id, date_trunc('hour', OLD.ordered_at, 'UTC'));
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR date_trunc('hour', OLD.ordered_at, 'UTC') <> date_trunc('hour', NEW.ordered_at, 'UTC')
      OR OLD.account_id <> NEW.account_id) THEN
    PERFORM "mark_sales_hour"(NEW.account_id, date_trunc('hour', NEW.ordered_at, 'UTC'));
  END IF;
  RETURN NULL;
END
$$;
