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
-- Not on every update: a channel's counters and stamps (failures, reads, syncs) change all the time and
-- nothing kept holds them.
CREATE TRIGGER "channels_changed" AFTER UPDATE ON "channels" FOR EACH ROW
  WHEN ((OLD.account_id, OLD.kind, OLD.role, OLD.status, OLD.status_reason, OLD.environment, OLD.external_seller_id,
         OLD.display_name, OLD.credentials_ciphertext, OLD.rules, OLD.publish_settings)
        IS DISTINCT FROM
        (NEW.account_id, NEW.kind, NEW.role, NEW.status, NEW.status_reason, NEW.environment, NEW.external_seller_id,
         NEW.display_name, NEW.credentials_ciphertext, NEW.rules, NEW.publish_settings))
  EXECUTE FUNCTION "hub_notify_changed"();
--> statement-breakpoint
CREATE TRIGGER "channels_removed" AFTER DELETE ON "channels" FOR EACH ROW EXECUTE FUNCTION "hub_notify_changed"();
--> statement-breakpoint
CREATE TRIGGER "pricing_rules_changed" AFTER INSERT OR UPDATE OR DELETE ON "pricing_rules" FOR EACH ROW EXECUTE FUNCTION "hub_notify_changed"();
