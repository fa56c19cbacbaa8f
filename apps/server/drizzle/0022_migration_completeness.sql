-- Completeness per mailbox and folder (docs/decisions/044-completeness-and-consistency.md). The
-- agent may report, per folder, source and destination counts and sizes and its skipped items by
-- category with a bounded sample (folders.skips); the mailbox and job carry the sums, kept by
-- difference as the other counters. A mailbox's verdict and consistency grade are generated
-- columns, so every writer (progress, end, timeout, acceptance) keeps them right without a line of
-- its own, and "only incomplete" walks a partial index.
ALTER TABLE jobs ADD COLUMN skipped_items bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE jobs ADD CONSTRAINT jobs_skipped_nonnegative CHECK (skipped_items >= 0);
--> statement-breakpoint
ALTER TABLE folders
  ADD COLUMN skipped_items integer DEFAULT 0 NOT NULL,
  ADD COLUMN missing_items integer DEFAULT 0 NOT NULL,
  ADD COLUMN source_items integer,
  ADD COLUMN source_bytes bigint,
  ADD COLUMN destination_items integer,
  ADD COLUMN destination_bytes bigint,
  ADD COLUMN skips jsonb,
  ADD CONSTRAINT folders_completeness_nonnegative CHECK (skipped_items >= 0 AND missing_items >= 0
    AND coalesce(source_items, 0) >= 0 AND coalesce(source_bytes, 0) >= 0
    AND coalesce(destination_items, 0) >= 0 AND coalesce(destination_bytes, 0) >= 0);
--> statement-breakpoint
ALTER TABLE mailboxes
  ADD COLUMN skipped_items bigint DEFAULT 0 NOT NULL,
  ADD COLUMN missing_items bigint DEFAULT 0 NOT NULL,
  ADD COLUMN source_items bigint DEFAULT 0 NOT NULL,
  ADD COLUMN destination_items bigint DEFAULT 0 NOT NULL,
  ADD COLUMN accepted_skipped_items bigint DEFAULT 0 NOT NULL,
  ADD COLUMN skips_accepted_by uuid,
  ADD COLUMN skips_accepted_at timestamp with time zone,
  ADD CONSTRAINT mailboxes_completeness_nonnegative CHECK (skipped_items >= 0 AND missing_items >= 0
    AND source_items >= 0 AND destination_items >= 0 AND accepted_skipped_items >= 0);
--> statement-breakpoint
ALTER TABLE mailboxes ADD COLUMN verdict text GENERATED ALWAYS AS (CASE
    WHEN status NOT IN ('Completed', 'CompletedWithErrors') OR failed_items > 0 OR missing_items > 0
      OR skipped_items > accepted_skipped_items THEN 'Incomplete'
    WHEN skipped_items > 0 THEN 'CompleteWithAcceptedSkips'
    ELSE 'Complete' END) STORED;
--> statement-breakpoint
ALTER TABLE mailboxes ADD COLUMN consistency text GENERATED ALWAYS AS (CASE
    WHEN skipped_items + failed_items + missing_items = 0 THEN 'Perfect'
    WHEN failed_items + missing_items = 0 AND skipped_items * 100 <= greatest(total_items, source_items) THEN 'Good'
    WHEN (skipped_items + failed_items + missing_items) * 20 <= greatest(total_items, source_items) THEN 'Investigate'
    ELSE 'Poor' END) STORED;
--> statement-breakpoint
CREATE INDEX mailboxes_incomplete_idx ON mailboxes (tenant_id, job_id, start_date DESC NULLS FIRST, id)
  WHERE verdict = 'Incomplete';
--> statement-breakpoint
CREATE INDEX mailboxes_job_verdict_idx ON mailboxes (tenant_id, job_id, verdict, consistency);
