ALTER TABLE "jobs" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A job started through a key is started by the key's owner: a report never names a key that
-- acted for another account.
CREATE FUNCTION jobs_key_is_owners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM api_keys WHERE id = NEW.api_key_id AND account_id = NEW.account_id) THEN
    RAISE EXCEPTION 'job of % through an API key of another account', NEW.account_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_key_is_owners BEFORE INSERT OR UPDATE OF api_key_id, account_id ON jobs
  FOR EACH ROW WHEN (NEW.api_key_id IS NOT NULL) EXECUTE FUNCTION jobs_key_is_owners();
