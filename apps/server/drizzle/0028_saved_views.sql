CREATE TABLE "saved_view_pins" (
	"account_id" uuid NOT NULL,
	"view_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_view_pins_account_id_view_id_pk" PRIMARY KEY("account_id","view_id")
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"page" text NOT NULL,
	"query" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_name_valid" CHECK (length("saved_views"."name") BETWEEN 1 AND 60),
	CONSTRAINT "saved_views_page_valid" CHECK ("saved_views"."page" IN ('/child-accounts', '/license-pools', '/licenses', '/license-allocation', '/license-movement', '/license-usage-report', '/users', '/audit-trail', '/reports/users', '/reports/machine', '/reports/jobs')),
	CONSTRAINT "saved_views_query_valid" CHECK (length("saved_views"."query") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "saved_view_pins" ADD CONSTRAINT "saved_view_pins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_pins" ADD CONSTRAINT "saved_view_pins_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_org_id_accounts_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_view_pins_view_idx" ON "saved_view_pins" USING btree ("view_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_name_key" ON "saved_views" USING btree ("account_id","page",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_shared_idx" ON "saved_views" USING btree ("org_id","page") WHERE "saved_views"."shared";