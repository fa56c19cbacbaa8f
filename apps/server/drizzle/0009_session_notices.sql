-- The session cache of every instance (core/session-cache.ts) hears here what it must forget: a
-- session revoked or removed, an account whose sessions' principal changed (roles, status, EULA,
-- name, address, sign-in times, password). Notifications go out at commit, in commit order, from
-- whatever wrote the row: a route, a script or a person at psql.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('portal_sessions', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('portal_sessions', 's:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('portal_sessions', 'a:' || OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_revoked AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER accounts_notify_changed AFTER UPDATE ON accounts
  FOR EACH ROW WHEN (
    (OLD.roles, OLD.active, OLD.eula_version, OLD.name, OLD.email, OLD.last_login_at, OLD.previous_login_at,
      OLD.password_hash, OLD.parent_id)
    IS DISTINCT FROM
    (NEW.roles, NEW.active, NEW.eula_version, NEW.name, NEW.email, NEW.last_login_at, NEW.previous_login_at,
      NEW.password_hash, NEW.parent_id)
  ) EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER accounts_notify_deleted AFTER DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER accounts_notify_truncated AFTER TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
