ALTER TABLE "accounts" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_time_zone_valid" CHECK ("accounts"."time_zone" IS NULL OR length("accounts"."time_zone") BETWEEN 1 AND 64);--> statement-breakpoint
-- A person's time zone is part of what `GET User/me` answers from the session cache: a change to
-- it makes every instance forget that person's sessions, as the other principal columns do.
DROP TRIGGER accounts_notify_changed ON accounts;--> statement-breakpoint
CREATE TRIGGER accounts_notify_changed AFTER UPDATE ON accounts
  FOR EACH ROW WHEN (
    (OLD.roles, OLD.active, OLD.eula_version, OLD.name, OLD.email, OLD.last_login_at, OLD.previous_login_at,
      OLD.password_hash, OLD.parent_id, OLD.time_zone)
    IS DISTINCT FROM
    (NEW.roles, NEW.active, NEW.eula_version, NEW.name, NEW.email, NEW.last_login_at, NEW.previous_login_at,
      NEW.password_hash, NEW.parent_id, NEW.time_zone)
  ) EXECUTE FUNCTION notify_session_change();
