-- Each process keeps a few reads in memory (a channel's record for its webhooks, an account's pricing
-- rules for the planner); a change to those rows tells every process at its commit, by NOTIFY.
CREATE OR REPLACE FUNCTION "hub_notify_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'channels' THEN
    PERFORM pg_notify('hub_changed', 'channel:' || COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('hub_changed', 'pricing-rules:' || COALESCE(NEW.account_id, OLD.account_id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "channels_changed" AFTER UPDATE OR DELETE ON "channels" FOR EACH ROW EXECUTE FUNCTION "hub_notify_changed"();
--> statement-breakpoint
CREATE TRIGGER "pricing_rules_changed" AFTER INSERT OR UPDATE OR DELETE ON "pricing_rules" FOR EACH ROW EXECUTE FUNCTION "hub_notify_changed"();
