import { t } from '@lingui/core/macro';
import type { ConsistencyGrade, SkipCategory, Verdict } from '@portal/contracts/completeness';
import type { MigrationStatus } from '@portal/contracts/reports';
import type { TraceEntry } from '@portal/contracts/trace';

// The report screens' words for the values the API sends in English (a job's or a mailbox's status,
// the completeness verdict and grade, the reasons items were skipped, a trace's action), in the
// language shown: the values themselves stay as sent (filters, URLs). The CSV's cells keep the
// English labels of contracts/labels.ts and contracts/completeness.ts; the report PDFs take the same
// terms from the server's table (apps/server/src/lib/i18n/pdf-text*.ts).

export const statusLabel = (status: MigrationStatus): string =>
  ({
    NotStarted: t`Not Started`,
    InProgress: t`In Progress`,
    Completed: t`Completed`,
    CompletedWithErrors: t`Completed with errors`,
    Failed: t`Failed`,
    Cancelled: t`Cancelled`,
  })[status];

/** "3 completed": how many mailboxes have a status, in a sentence (the job's chart summary). */
export const statusCountText = (status: MigrationStatus, count: string): string =>
  ({
    NotStarted: t`${count} not started`,
    InProgress: t`${count} in progress`,
    Completed: t`${count} completed`,
    CompletedWithErrors: t`${count} completed with errors`,
    Failed: t`${count} failed`,
    Cancelled: t`${count} cancelled`,
  })[status];

export const verdictLabel = (verdict: Verdict): string =>
  ({
    Complete: t`Complete`,
    CompleteWithAcceptedSkips: t`Complete with accepted skips`,
    Incomplete: t`Incomplete`,
  })[verdict];

export const gradeLabel = (grade: ConsistencyGrade): string =>
  ({ Perfect: t`Perfect`, Good: t`Good`, Investigate: t`Investigate`, Poor: t`Poor` })[grade];

export const skipCategoryLabel = (category: SkipCategory): string =>
  ({
    TooLarge: t`Too large`,
    Corrupt: t`Corrupt`,
    PolicyFiltered: t`Policy filtered`,
    UnsupportedType: t`Unsupported type`,
    Other: t`Other`,
  })[category];

/** What each movement did to the mailbox's unit, as the license trace names it (docs/product.md). */
export const traceActionLabel = (action: TraceEntry['action']): string =>
  ({ Reserve: t`Reserved`, Consume: t`Consumed`, Release: t`Released` })[action];
