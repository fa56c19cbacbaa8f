-- The read cache of every instance (core/read-cache.ts) hears here which organisation's data
-- changed: 't:' and its tenant (the top account of its tree) when its stock, pools or accounts
-- change, 't:*' when lots or products do (they are read across organisations). The notices go on
-- the session channel, so the barrier each write waits for covers them (decision 042), at commit,
-- in commit order, from whatever wrote the row. NOTIFY keeps one of identical payloads per
-- transaction, so an allocation's rows send one notice.
CREATE FUNCTION notify_tenant_reads() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  holder uuid;
  tenant uuid;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('portal_sessions', 't:*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'stock' THEN
    SELECT p.owner_id INTO holder FROM pools p WHERE p.id = changed.pool_id;
  ELSIF TG_TABLE_NAME = 'pools' THEN
    holder := changed.owner_id;
  ELSE
    holder := COALESCE(changed.parent_id, changed.id);
  END IF;
  SELECT c.ancestor_id INTO tenant FROM account_closure c JOIN accounts t ON t.id = c.ancestor_id
    WHERE c.descendant_id = holder AND t.parent_id IS NULL;
  PERFORM pg_notify('portal_sessions', 't:' || COALESCE(tenant::text, '*'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stock_notify_reads AFTER INSERT OR UPDATE OR DELETE ON stock
  FOR EACH ROW EXECUTE FUNCTION notify_tenant_reads();
--> statement-breakpoint
CREATE TRIGGER stock_notify_reads_truncated AFTER TRUNCATE ON stock
  FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_reads();
--> statement-breakpoint
CREATE TRIGGER pools_notify_reads AFTER INSERT OR UPDATE OR DELETE ON pools
  FOR EACH ROW EXECUTE FUNCTION notify_tenant_reads();
--> statement-breakpoint
CREATE TRIGGER pools_notify_reads_truncated AFTER TRUNCATE ON pools
  FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_reads();
--> statement-breakpoint
CREATE TRIGGER accounts_notify_reads AFTER INSERT OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_tenant_reads();
--> statement-breakpoint
CREATE TRIGGER accounts_notify_reads_changed AFTER UPDATE ON accounts
  FOR EACH ROW WHEN ((OLD.name, OLD.email, OLD.pool_id, OLD.parent_id, OLD.active)
    IS DISTINCT FROM (NEW.name, NEW.email, NEW.pool_id, NEW.parent_id, NEW.active))
  EXECUTE FUNCTION notify_tenant_reads();
--> statement-breakpoint
CREATE TRIGGER licenses_notify_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON licenses
  FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_reads();
--> statement-breakpoint
CREATE TRIGGER products_notify_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_tenant_reads();
