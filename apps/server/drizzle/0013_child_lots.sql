ALTER TABLE "licenses" ADD COLUMN "parent_license_id" uuid;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_parent_license_id_licenses_id_fk" FOREIGN KEY ("parent_license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licenses_parent_idx" ON "licenses" USING btree ("parent_license_id");--> statement-breakpoint
-- Decision 029: an Admin issues a child lot drawn from a lot it holds. The parent's units then live
-- on in the child, so a lot holds, across all pools, its total_count less what its child lots took.
CREATE OR REPLACE FUNCTION license_lot_check(lot uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  issued integer;
  held bigint;
  drawn bigint;
BEGIN
  SELECT total_count INTO issued FROM licenses WHERE id = lot;
  IF issued IS NULL THEN
    RETURN;
  END IF;
  SELECT coalesce(sum(available + in_transit + consumed), 0) INTO held FROM stock WHERE license_id = lot;
  SELECT coalesce(sum(total_count), 0) INTO drawn FROM licenses WHERE parent_license_id = lot;
  IF held + drawn <> issued THEN
    RAISE EXCEPTION 'license lot % holds % units across its pools and % in child lots but was issued with %',
      lot, held, drawn, issued USING ERRCODE = 'check_violation';
  END IF;
END
$$;
--> statement-breakpoint
-- A child lot's insert or change re-checks its parent (old and new) as well as itself.
CREATE OR REPLACE FUNCTION license_lot_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'licenses' THEN
    PERFORM license_lot_check(NEW.id);
    IF NEW.parent_license_id IS NOT NULL THEN
      PERFORM license_lot_check(NEW.parent_license_id);
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.parent_license_id IS NOT NULL
       AND OLD.parent_license_id IS DISTINCT FROM NEW.parent_license_id THEN
      PERFORM license_lot_check(OLD.parent_license_id);
    END IF;
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
