ALTER TABLE "accounts" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_locale_known" CHECK ("accounts"."locale" IS NULL OR "accounts"."locale" IN ('en', 'de', 'fr', 'es', 'ja'));--> statement-breakpoint
-- A person's language is part of what `GET User/me` answers from the session cache: a change to it
-- makes every instance forget that person's sessions, as the other principal columns do.
DROP TRIGGER accounts_notify_changed ON accounts;--> statement-breakpoint
CREATE TRIGGER accounts_notify_changed AFTER UPDATE ON accounts
  FOR EACH ROW WHEN (
    (OLD.roles, OLD.active, OLD.eula_version, OLD.name, OLD.email, OLD.last_login_at, OLD.previous_login_at,
      OLD.password_hash, OLD.parent_id, OLD.time_zone, OLD.locale)
    IS DISTINCT FROM
    (NEW.roles, NEW.active, NEW.eula_version, NEW.name, NEW.email, NEW.last_login_at, NEW.previous_login_at,
      NEW.password_hash, NEW.parent_id, NEW.time_zone, NEW.locale)
  ) EXECUTE FUNCTION notify_session_change();
