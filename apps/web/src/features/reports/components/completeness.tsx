import { t } from '@lingui/core/macro';
import { type JobCompleteness as JobCompletenessData, type Verdict } from '@portal/contracts/completeness';
import type { FolderReportRow, MailboxReportRow } from '@portal/contracts/reports';
import type { ColumnDef } from '@tanstack/react-table';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { formatCount, formatPercent } from './report-format';
import { gradeLabel, skipCategoryLabel, verdictLabel } from './report-words';

/*
 * Completeness in the Mailboxes and Folders views (decision 044): the verdict, the consistency
 * score and the "Only incomplete" filter, kept in the URL as `incomplete=1`.
 */

const VERDICT_VARIANTS = {
  Complete: 'success',
  CompleteWithAcceptedSkips: 'secondary',
  Incomplete: 'destructive',
} as const satisfies Record<Verdict, string>;

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return <Badge variant={VERDICT_VARIANTS[verdict]}>{verdictLabel(verdict)}</Badge>;
}

/** "Consistency 95 % (Investigate)". */
export function consistencyText(row: Pick<MailboxReportRow, 'consistencyScore' | 'consistencyGrade'>) {
  const score = formatPercent(row.consistencyScore);
  const grade = gradeLabel(row.consistencyGrade);
  return t`Consistency ${score} (${grade})`;
}

/** "3 skipped · 2 missing", or nothing when the row lost nothing. */
function lostText(row: { skippedItems: number; missingItems: number }) {
  const parts = [];
  const skipped = formatCount(row.skippedItems);
  const missing = formatCount(row.missingItems);
  if (row.skippedItems > 0) parts.push(t`${skipped} skipped`);
  if (row.missingItems > 0) parts.push(t`${missing} missing`);
  return parts.join(' · ');
}

export function mailboxCompletenessColumn(): ColumnDef<MailboxReportRow> {
  return {
    id: 'completeness',
    header: t`Completeness`,
    meta: { className: 'min-w-44 whitespace-normal' },
    cell: ({ row }) => (
      <div className="grid justify-items-start gap-1">
        <VerdictBadge verdict={row.original.verdict} />
        <span className="text-xs text-muted-foreground tabular-nums">{consistencyText(row.original)}</span>
        {lostText(row.original) && (
          <span className="text-xs text-muted-foreground tabular-nums">{lostText(row.original)}</span>
        )}
      </div>
    ),
  };
}

/** A folder's skipped items by reason, with the agent's sampled subjects behind a disclosure. */
function FolderSkips({ folder }: { folder: FolderReportRow }) {
  if (folder.skips.length === 0) return null;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-muted-foreground">
        {folder.skips.map((skip) => `${skipCategoryLabel(skip.category)}: ${formatCount(skip.count)}`).join(', ')}
      </summary>
      <ul className="mt-1 grid gap-1">
        {folder.skips.map((skip) => (
          <li key={skip.category}>
            <span className="font-medium">{skipCategoryLabel(skip.category)}</span>
            {skip.samples.length > 0 ? `: ${skip.samples.join('; ')}` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** "Source 120 · Destination 118": a folder's items on each side. */
function sourceAndDestination(sourceItems: number, destinationItems: number): string {
  const source = formatCount(sourceItems);
  const destination = formatCount(destinationItems);
  return t`Source ${source} · Destination ${destination}`;
}

export function folderCompletenessColumn(): ColumnDef<FolderReportRow> {
  return {
    id: 'completeness',
    header: t`Completeness`,
    meta: { className: 'min-w-48 whitespace-normal [overflow-wrap:anywhere]' },
    cell: ({ row }) => {
      const folder = row.original;
      return (
        <div className="grid justify-items-start gap-1">
          <VerdictBadge verdict={folder.verdict} />
          {folder.sourceItems !== null && (
            <span className="text-xs text-muted-foreground tabular-nums">
              {sourceAndDestination(folder.sourceItems, folder.destinationItems ?? 0)}
            </span>
          )}
          {lostText(folder) && <span className="text-xs text-muted-foreground tabular-nums">{lostText(folder)}</span>}
          <FolderSkips folder={folder} />
        </div>
      );
    },
  };
}

const INCOMPLETE_KEY = 'incomplete';

/** The "Only incomplete" filter, in the URL; changing it goes back to page 1. */
export function useOnlyIncomplete() {
  const [params, setParams] = useSearchParams();
  const onlyIncomplete = params.get(INCOMPLETE_KEY) === '1';
  const setOnlyIncomplete = (value: boolean) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(INCOMPLETE_KEY, '1');
        else next.delete(INCOMPLETE_KEY);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { onlyIncomplete, setOnlyIncomplete };
}

export function OnlyIncompleteFilter({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id}>{t`Only incomplete`}</Label>
    </div>
  );
}

/** The job's verdict on its page: its own, its worst grade and its mailboxes by verdict. */
export function JobCompleteness({ completeness }: { completeness: JobCompletenessData }) {
  const { mailboxesByVerdict: counts } = completeness;
  const worst = gradeLabel(completeness.consistencyGrade);
  return (
    <section
      aria-label={t`Job completeness`}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border bg-card p-4 text-sm text-card-foreground"
    >
      <h2 className="font-medium">{t`Completeness`}</h2>
      <VerdictBadge verdict={completeness.verdict} />
      <span className="text-muted-foreground">{t`Worst consistency: ${worst}`}</span>
      <ul className="flex flex-wrap gap-2 tabular-nums">
        {(['Complete', 'CompleteWithAcceptedSkips', 'Incomplete'] as const).map((verdict) => (
          <li key={verdict} className="rounded-md border bg-background px-2.5 py-1">
            <span className="text-muted-foreground">{verdictLabel(verdict)}:</span>{' '}
            <span className="font-medium">{formatCount(counts[verdict])}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
