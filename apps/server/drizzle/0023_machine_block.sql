-- Decision 045: an Admin blocks a machine; its agent calls are refused until it is unblocked.
ALTER TABLE "machines" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "blocked_by" uuid;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_blocked_by_accounts_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_blocked_by_whom" CHECK (("machines"."blocked_at" IS NULL) = ("machines"."blocked_by" IS NULL));
