CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "api_keys_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "api_keys_scopes_valid" CHECK (cardinality("api_keys"."scopes") >= 1 AND "api_keys"."scopes" <@ ARRAY['agent','read']::text[]),
	CONSTRAINT "api_keys_name_valid" CHECK ("api_keys"."name" = btrim("api_keys"."name") AND length("api_keys"."name") BETWEEN 1 AND 100),
	CONSTRAINT "api_keys_prefix_valid" CHECK ("api_keys"."prefix" LIKE 'mhk\_%'),
	CONSTRAINT "api_keys_expiry_after_creation" CHECK ("api_keys"."expires_at" > "api_keys"."created_at")
);
--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "api_key_name" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_accounts_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A revoked or removed key is forgotten by every instance's cache at commit, like a session: its
-- cache entry is held under the key's id (core/api-keys.ts), so the notice is the same 's:' one.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('portal_sessions', '*');
  ELSIF TG_TABLE_NAME IN ('sessions', 'api_keys') THEN
    PERFORM pg_notify('portal_sessions', 's:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('portal_sessions', 'a:' || OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_notify_revoked AFTER UPDATE OF revoked_at ON api_keys
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER api_keys_notify_deleted AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER api_keys_notify_truncated AFTER TRUNCATE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
-- A key is its owner's: what it names, the account it belongs to, its scopes and expiry never
-- change, and a revoked key stays revoked.
CREATE FUNCTION api_keys_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.account_id, NEW.name, NEW.prefix, NEW.token_hash, NEW.scopes, NEW.created_at, NEW.expires_at)
     IS DISTINCT FROM
     (OLD.id, OLD.account_id, OLD.name, OLD.prefix, OLD.token_hash, OLD.scopes, OLD.created_at, OLD.expires_at) THEN
    RAISE EXCEPTION 'an API key''s identity, scopes and expiry never change' USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.revoked_at IS NOT NULL AND NEW.revoked_at IS DISTINCT FROM OLD.revoked_at THEN
    RAISE EXCEPTION 'a revoked API key stays revoked' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_guard_update BEFORE UPDATE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION api_keys_guard_update();
--> statement-breakpoint
-- A movement made through a key is made by the key's owner: the ledger never names a key that
-- acted for another account.
CREATE FUNCTION movements_key_is_actors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM api_keys WHERE id = NEW.api_key_id AND account_id = NEW.actor_id) THEN
    RAISE EXCEPTION 'movement by % through an API key of another account', NEW.actor_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER movements_key_is_actors BEFORE INSERT ON movements
  FOR EACH ROW WHEN (NEW.api_key_id IS NOT NULL) EXECUTE FUNCTION movements_key_is_actors();
