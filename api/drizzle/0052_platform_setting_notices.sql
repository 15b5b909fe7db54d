-- The platform's settings (our marketplace applications' credentials among them, read by every adapter of a
-- production channel) are kept in memory too: a change of a setting tells every process at its commit.
CREATE OR REPLACE FUNCTION "hub_notify_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'channels' THEN
    PERFORM pg_notify('hub_changed', 'channel:' || COALESCE(NEW.id, OLD.id)::text);
  ELSIF TG_TABLE_NAME = 'platform_settings' THEN
    PERFORM pg_notify('hub_changed', 'platform-setting:' || COALESCE(NEW.key, OLD.key));
  ELSE
    PERFORM pg_notify('hub_changed', 'pricing-rules:' || COALESCE(NEW.account_id, OLD.account_id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "platform_settings_changed" AFTER INSERT OR UPDATE OR DELETE ON "platform_settings" FOR EACH ROW EXECUTE FUNCTION "hub_notify_changed"();
