CREATE TABLE "folders" (
	"tenant_id" uuid NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"folder_path" text NOT NULL,
	"status" text DEFAULT 'InProgress' NOT NULL,
	"total_items" integer DEFAULT 0 NOT NULL,
	"migrated_items" integer DEFAULT 0 NOT NULL,
	"failed_items" integer DEFAULT 0 NOT NULL,
	"filtered_items" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"error_message" text,
	CONSTRAINT "folders_tenant_id_mailbox_id_folder_path_pk" PRIMARY KEY("tenant_id","mailbox_id","folder_path"),
	CONSTRAINT "folders_status_valid" CHECK (status IN ('NotStarted', 'InProgress', 'Completed', 'CompletedWithErrors', 'Failed', 'Cancelled')),
	CONSTRAINT "folders_counters_nonnegative" CHECK ("folders"."total_items" >= 0 AND "folders"."migrated_items" >= 0 AND "folders"."failed_items" >= 0 AND "folders"."filtered_items" >= 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_key" text NOT NULL,
	"machine_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"product_code" text NOT NULL,
	"licensing" text NOT NULL,
	"status" text DEFAULT 'InProgress' NOT NULL,
	"total_items" bigint DEFAULT 0 NOT NULL,
	"migrated_items" bigint DEFAULT 0 NOT NULL,
	"failed_items" bigint DEFAULT 0 NOT NULL,
	"filtered_items" bigint DEFAULT 0 NOT NULL,
	"mailbox_count" integer DEFAULT 0 NOT NULL,
	"mailboxes_completed" integer DEFAULT 0 NOT NULL,
	"mailboxes_completed_with_errors" integer DEFAULT 0 NOT NULL,
	"mailboxes_failed" integer DEFAULT 0 NOT NULL,
	"mailboxes_cancelled" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"error_message" text,
	CONSTRAINT "jobs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "jobs_status_valid" CHECK (status IN ('NotStarted', 'InProgress', 'Completed', 'CompletedWithErrors', 'Failed', 'Cancelled')),
	CONSTRAINT "jobs_licensing_valid" CHECK ("jobs"."licensing" IN ('NodeLocked', 'PerMailbox')),
	CONSTRAINT "jobs_counters_nonnegative" CHECK ("jobs"."total_items" >= 0 AND "jobs"."migrated_items" >= 0 AND "jobs"."failed_items" >= 0 AND "jobs"."filtered_items" >= 0 AND "jobs"."mailbox_count" >= 0),
	CONSTRAINT "jobs_dates_ordered" CHECK ("jobs"."end_date" IS NULL OR "jobs"."end_date" >= "jobs"."start_date")
);
--> statement-breakpoint
CREATE TABLE "machine_bindings" (
	"tenant_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"license_id" uuid NOT NULL,
	"pool_id" uuid NOT NULL,
	"product_code" text NOT NULL,
	"group_key" text NOT NULL,
	"expires_at" timestamp with time zone,
	"bound_by" uuid NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_bindings_tenant_id_machine_id_pool_id_license_id_pk" PRIMARY KEY("tenant_id","machine_id","pool_id","license_id")
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"fingerprint" text,
	"registered_by" uuid NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "machines_name_not_blank" CHECK (length(trim("machines"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "mailboxes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"source_mailbox" text NOT NULL,
	"source_type" text NOT NULL,
	"target_mailbox" text NOT NULL,
	"destination_type" text NOT NULL,
	"status" text DEFAULT 'InProgress' NOT NULL,
	"total_items" bigint DEFAULT 0 NOT NULL,
	"migrated_items" bigint DEFAULT 0 NOT NULL,
	"failed_items" bigint DEFAULT 0 NOT NULL,
	"filtered_items" bigint DEFAULT 0 NOT NULL,
	"folder_count" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"error_message" text,
	"license_state" text NOT NULL,
	"reservation" jsonb,
	"last_report_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mailboxes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "mailboxes_status_valid" CHECK (status IN ('NotStarted', 'InProgress', 'Completed', 'CompletedWithErrors', 'Failed', 'Cancelled')),
	CONSTRAINT "mailboxes_license_state_valid" CHECK ("mailboxes"."license_state" IN ('None', 'Reserved', 'Consumed', 'Released')),
	CONSTRAINT "mailboxes_counters_nonnegative" CHECK ("mailboxes"."total_items" >= 0 AND "mailboxes"."migrated_items" >= 0 AND "mailboxes"."failed_items" >= 0 AND "mailboxes"."filtered_items" >= 0 AND "mailboxes"."folder_count" >= 0),
	CONSTRAINT "mailboxes_dates_ordered" CHECK ("mailboxes"."end_date" IS NULL OR "mailboxes"."end_date" >= "mailboxes"."start_date")
);
--> statement-breakpoint
CREATE TABLE "report_stats" (
	"tenant_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"job_count" integer DEFAULT 0 NOT NULL,
	"mailbox_count" integer DEFAULT 0 NOT NULL,
	"last_job_start_date" timestamp with time zone,
	"last_job_end_date" timestamp with time zone,
	CONSTRAINT "report_stats_tenant_id_account_id_machine_id_pk" PRIMARY KEY("tenant_id","account_id","machine_id"),
	CONSTRAINT "report_stats_counts_nonnegative" CHECK ("report_stats"."job_count" >= 0 AND "report_stats"."mailbox_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_target_type_valid";--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_tenant_id_mailbox_id_mailboxes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","mailbox_id") REFERENCES "public"."mailboxes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tenant_id_machine_id_machines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","machine_id") REFERENCES "public"."machines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_bindings" ADD CONSTRAINT "machine_bindings_tenant_id_machine_id_machines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","machine_id") REFERENCES "public"."machines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_registered_by_accounts_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_tenant_id_job_id_jobs_tenant_id_id_fk" FOREIGN KEY ("tenant_id","job_id") REFERENCES "public"."jobs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_stats" ADD CONSTRAINT "report_stats_tenant_id_machine_id_machines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","machine_id") REFERENCES "public"."machines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folders_mailbox_start_idx" ON "folders" USING btree ("tenant_id","mailbox_id","start_date" DESC NULLS FIRST,"folder_path");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_client_key_idx" ON "jobs" USING btree ("tenant_id","machine_id","account_id","client_key");--> statement-breakpoint
CREATE INDEX "jobs_tenant_start_idx" ON "jobs" USING btree ("tenant_id","start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "jobs_account_start_idx" ON "jobs" USING btree ("tenant_id","account_id","start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "jobs_machine_start_idx" ON "jobs" USING btree ("tenant_id","machine_id","start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "jobs_id_idx" ON "jobs" USING btree ("id");--> statement-breakpoint
CREATE INDEX "machine_bindings_product_idx" ON "machine_bindings" USING btree ("tenant_id","machine_id","pool_id","product_code");--> statement-breakpoint
CREATE UNIQUE INDEX "machines_tenant_name_idx" ON "machines" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_job_source_idx" ON "mailboxes" USING btree ("tenant_id","job_id","source_mailbox");--> statement-breakpoint
CREATE INDEX "mailboxes_job_start_idx" ON "mailboxes" USING btree ("tenant_id","job_id","start_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "mailboxes_id_idx" ON "mailboxes" USING btree ("id");--> statement-breakpoint
CREATE INDEX "mailboxes_in_progress_idx" ON "mailboxes" USING btree ("last_report_at") WHERE status = 'InProgress';--> statement-breakpoint
CREATE INDEX "report_stats_machine_idx" ON "report_stats" USING btree ("tenant_id","machine_id");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_target_type_valid" CHECK ("movements"."target_type" IN ('User', 'Pool', 'Mailbox', 'Machine'));