CREATE TABLE "bulk_operation_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_operation_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"target_id" uuid NOT NULL,
	"target_name" text NOT NULL,
	"items" jsonb NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"moved" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "bulk_operation_rows_status_valid" CHECK ("bulk_operation_rows"."status" IN ('Queued', 'Done', 'Failed')),
	CONSTRAINT "bulk_operation_rows_units_valid" CHECK ("bulk_operation_rows"."units" >= 0 AND ("bulk_operation_rows"."units" = 0 OR "bulk_operation_rows"."status" = 'Done'))
);
--> statement-breakpoint
CREATE TABLE "bulk_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_type" text NOT NULL,
	"action" jsonb NOT NULL,
	"summary" text NOT NULL,
	"total" integer NOT NULL,
	"ip" text NOT NULL,
	"undo_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_operations_kind_valid" CHECK ("bulk_operations"."kind" IN ('allocate', 'revoke', 'pool', 'role', 'status')),
	CONSTRAINT "bulk_operations_target_type_valid" CHECK ("bulk_operations"."target_type" IN ('User', 'Pool')),
	CONSTRAINT "bulk_operations_users_only" CHECK ("bulk_operations"."kind" IN ('allocate', 'revoke') OR "bulk_operations"."target_type" = 'User'),
	CONSTRAINT "bulk_operations_undo_moves_units" CHECK ("bulk_operations"."undo_of" IS NULL OR "bulk_operations"."kind" IN ('allocate', 'revoke')),
	CONSTRAINT "bulk_operations_total_positive" CHECK ("bulk_operations"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "bulk_operation_rows" ADD CONSTRAINT "bulk_operation_rows_operation_id_bulk_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."bulk_operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_undo_of_bulk_operations_id_fk" FOREIGN KEY ("undo_of") REFERENCES "public"."bulk_operations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_operation_rows_position_key" ON "bulk_operation_rows" USING btree ("operation_id","position");--> statement-breakpoint
CREATE INDEX "bulk_operation_rows_due_idx" ON "bulk_operation_rows" USING btree ("next_attempt_at","id") WHERE "bulk_operation_rows"."status" = 'Queued';--> statement-breakpoint
CREATE INDEX "bulk_operations_actor_idx" ON "bulk_operations" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_operations_undo_of_key" ON "bulk_operations" USING btree ("undo_of");