CREATE INDEX "jobs_in_progress_idx" ON "jobs" USING btree ("tenant_id","start_date") WHERE status = 'InProgress';--> statement-breakpoint
-- The audit trail refuses TRUNCATE as the ledger's tables do (UPDATE and DELETE are refused since 0010).
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();
