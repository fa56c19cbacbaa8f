-- The license trace (decision 046): a mailbox's movements by its id, a lot's consumptions newest
-- first. A movement line now carries its movement's instant, so that a lot's Consume lines are read
-- in time order from one index instead of joining every line of the lot to its movement.
ALTER TABLE "movement_lines" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- The lines written before this migration take their movement's instant. The ledger refuses every
-- UPDATE (migration 0007); this one, which changes no counter, runs with that trigger off.
ALTER TABLE "movement_lines" DISABLE TRIGGER "movement_lines_append_only";
--> statement-breakpoint
UPDATE "movement_lines" AS l SET "created_at" = m."created_at" FROM "movements" AS m WHERE m."id" = l."movement_id";
--> statement-breakpoint
ALTER TABLE "movement_lines" ENABLE TRIGGER "movement_lines_append_only";
--> statement-breakpoint
CREATE INDEX "movement_lines_consumed_idx" ON "movement_lines" USING btree ("license_id","created_at" DESC,"movement_id" DESC) WHERE "movement_lines"."d_consumed" > 0;
--> statement-breakpoint
CREATE INDEX "movements_target_idx" ON "movements" USING btree ("target_id","created_at","id") WHERE "movements"."target_id" IS NOT NULL;
