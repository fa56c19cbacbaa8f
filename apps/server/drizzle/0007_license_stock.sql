CREATE TABLE "licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_code" text NOT NULL,
	"edition" text NOT NULL,
	"duration_type" text NOT NULL,
	"usage_type" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"expiry_date" timestamp with time zone,
	"duration_days" integer,
	"total_count" integer NOT NULL,
	"floating_time_limit" integer,
	"order_id" text,
	"external_ref_code" text,
	"group_key" text GENERATED ALWAYS AS (product_code || '|' || edition || '|' || duration_type || '|' || coalesce(duration_days::text, '-') || '|' || usage_type) STORED NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licenses_duration_type_valid" CHECK ("licenses"."duration_type" IN ('Perpetual', 'Fixed')),
	CONSTRAINT "licenses_usage_type_valid" CHECK ("licenses"."usage_type" IN ('Transactional', 'NodeLocked', 'NodeLockedForever')),
	CONSTRAINT "licenses_usage_fits_duration" CHECK (("licenses"."usage_type" <> 'NodeLockedForever' OR "licenses"."duration_type" = 'Perpetual') AND ("licenses"."usage_type" <> 'NodeLocked' OR "licenses"."duration_type" = 'Fixed')),
	CONSTRAINT "licenses_dates_valid" CHECK ("licenses"."start_date" >= '1900-01-01T00:00:00Z' AND ("licenses"."expiry_date" IS NULL OR "licenses"."expiry_date" > "licenses"."start_date")),
	CONSTRAINT "licenses_duration_valid" CHECK (CASE WHEN "licenses"."duration_type" = 'Perpetual' THEN "licenses"."expiry_date" IS NULL AND "licenses"."duration_days" IS NULL ELSE "licenses"."expiry_date" IS NOT NULL AND "licenses"."duration_days" > 0 END),
	CONSTRAINT "licenses_total_positive" CHECK ("licenses"."total_count" > 0),
	CONSTRAINT "licenses_floating_nonnegative" CHECK ("licenses"."floating_time_limit" IS NULL OR "licenses"."floating_time_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "movement_lines" (
	"movement_id" uuid NOT NULL,
	"pool_id" uuid NOT NULL,
	"license_id" uuid NOT NULL,
	"d_available" integer DEFAULT 0 NOT NULL,
	"d_in_transit" integer DEFAULT 0 NOT NULL,
	"d_consumed" integer DEFAULT 0 NOT NULL,
	"d_allocated" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "movement_lines_movement_id_pool_id_license_id_pk" PRIMARY KEY("movement_id","pool_id","license_id")
);
--> statement-breakpoint
CREATE TABLE "movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"product_code" text NOT NULL,
	"group_key" text NOT NULL,
	"quantity" integer NOT NULL,
	"source_pool_id" uuid,
	"target_name" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"actor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movements_action_valid" CHECK ("movements"."action" IN ('Issue', 'Allocate', 'Revoke', 'Reserve', 'Consume', 'Release')),
	CONSTRAINT "movements_target_type_valid" CHECK ("movements"."target_type" IN ('User', 'Pool', 'Mailbox')),
	CONSTRAINT "movements_quantity_nonzero" CHECK ("movements"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"editions" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"pool_id" uuid NOT NULL,
	"license_id" uuid NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"in_transit" integer DEFAULT 0 NOT NULL,
	"consumed" integer DEFAULT 0 NOT NULL,
	"allocated" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_pool_id_license_id_pk" PRIMARY KEY("pool_id","license_id"),
	CONSTRAINT "stock_counters_nonnegative" CHECK ("stock"."available" >= 0 AND "stock"."in_transit" >= 0 AND "stock"."consumed" >= 0 AND "stock"."allocated" >= 0),
	CONSTRAINT "stock_total_is_sum" CHECK ("stock"."total" = "stock"."available" + "stock"."in_transit" + "stock"."consumed" + "stock"."allocated")
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_customer_id_accounts_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_lines" ADD CONSTRAINT "movement_lines_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_lines" ADD CONSTRAINT "movement_lines_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movement_lines" ADD CONSTRAINT "movement_lines_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_source_pool_id_pools_id_fk" FOREIGN KEY ("source_pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licenses_customer_idx" ON "licenses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "licenses_group_idx" ON "licenses" USING btree ("group_key");--> statement-breakpoint
CREATE INDEX "movement_lines_pool_license_idx" ON "movement_lines" USING btree ("pool_id","license_id");--> statement-breakpoint
CREATE INDEX "movement_lines_license_idx" ON "movement_lines" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "movements_created_idx" ON "movements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "movements_source_pool_idx" ON "movements" USING btree ("source_pool_id");--> statement-breakpoint
CREATE INDEX "movements_actor_idx" ON "movements" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "stock_license_idx" ON "stock" USING btree ("license_id");--> statement-breakpoint
-- Every lot holds, across all pools, exactly the units it was issued with. Deferred to commit: a
-- movement moves units between rows one UPDATE at a time, so the sum is only whole at the end.
CREATE FUNCTION license_lot_check(lot uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  issued integer;
  held bigint;
BEGIN
  SELECT total_count INTO issued FROM licenses WHERE id = lot;
  IF issued IS NULL THEN
    RETURN;
  END IF;
  SELECT coalesce(sum(available + in_transit + consumed), 0) INTO held FROM stock WHERE license_id = lot;
  IF held <> issued THEN
    RAISE EXCEPTION 'license lot % holds % units across its pools but was issued with %', lot, held, issued
      USING ERRCODE = 'check_violation';
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION license_lot_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'licenses' THEN
    PERFORM license_lot_check(NEW.id);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM license_lot_check(OLD.license_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM license_lot_check(NEW.license_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_lot_balanced AFTER INSERT OR UPDATE OR DELETE ON stock
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION license_lot_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER licenses_lot_balanced AFTER INSERT OR UPDATE ON licenses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION license_lot_balanced();
--> statement-breakpoint
-- The ledger is history: the database itself refuses to rewrite it, whatever the code does.
CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER movements_append_only BEFORE UPDATE OR DELETE ON movements
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
CREATE TRIGGER movements_no_truncate BEFORE TRUNCATE ON movements
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
CREATE TRIGGER movement_lines_append_only BEFORE UPDATE OR DELETE ON movement_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
CREATE TRIGGER movement_lines_no_truncate BEFORE TRUNCATE ON movement_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
-- The catalogue of the mailbox-migration tool (reference data, not demo data).
INSERT INTO products (code, name, description, editions) VALUES
  ('MBX', 'Mailbox Migration', 'Moves user mailboxes (mail, calendar, contacts, tasks) between mail systems.', ARRAY['Standard', 'Enterprise']),
  ('ARC', 'Archive Migration', 'Moves online archives and journal archives with their retention data.', ARRAY['Standard', 'Enterprise']),
  ('PFM', 'Public Folder Migration', 'Moves public folder hierarchies, their items and permissions.', ARRAY['Standard']),
  ('T2T', 'Tenant-to-Tenant Migration', 'Moves mailboxes between two Microsoft 365 tenants, with domain cut-over.', ARRAY['Standard', 'Enterprise']);
