CREATE TABLE "account_closure" (
	"ancestor_id" uuid NOT NULL,
	"descendant_id" uuid NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "account_closure_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id"),
	CONSTRAINT "account_closure_depth_nonnegative" CHECK ("account_closure"."depth" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account_closure" ADD CONSTRAINT "account_closure_ancestor_id_accounts_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_closure" ADD CONSTRAINT "account_closure_descendant_id_accounts_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_closure_descendant_idx" ON "account_closure" USING btree ("descendant_id");--> statement-breakpoint
CREATE INDEX "accounts_pool_idx" ON "accounts" USING btree ("pool_id");