CREATE TABLE "account_import_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_import_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"pool" text NOT NULL,
	"products" text NOT NULL,
	"items" jsonb NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"plan" text NOT NULL,
	"status" text DEFAULT 'Planned' NOT NULL,
	"message" text,
	"account_id" uuid,
	"settled_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "account_import_rows_plan_valid" CHECK ("account_import_rows"."plan" IN ('Create', 'Skip', 'Error')),
	CONSTRAINT "account_import_rows_status_valid" CHECK ("account_import_rows"."status" IN ('Planned', 'Queued', 'Created', 'Skipped', 'Failed')),
	CONSTRAINT "account_import_rows_created_planned" CHECK ("account_import_rows"."status" NOT IN ('Queued', 'Created') OR "account_import_rows"."plan" = 'Create')
);
--> statement-breakpoint
CREATE TABLE "account_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"total_rows" integer NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_import_rows" ADD CONSTRAINT "account_import_rows_import_id_account_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."account_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_import_rows" ADD CONSTRAINT "account_import_rows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_imports" ADD CONSTRAINT "account_imports_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_import_rows_line_key" ON "account_import_rows" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "account_import_rows_due_idx" ON "account_import_rows" USING btree ("next_attempt_at","id") WHERE "account_import_rows"."status" = 'Queued';--> statement-breakpoint
CREATE INDEX "account_imports_owner_idx" ON "account_imports" USING btree ("owner_id","created_at" DESC NULLS LAST);