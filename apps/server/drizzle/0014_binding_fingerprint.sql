ALTER TABLE "machine_bindings" ADD COLUMN "fingerprint" text;--> statement-breakpoint
-- Bindings made before: they serve the computer their machine last reported.
UPDATE "machine_bindings" b SET "fingerprint" = m."fingerprint"
  FROM "machines" m WHERE m."tenant_id" = b."tenant_id" AND m."id" = b."machine_id";
