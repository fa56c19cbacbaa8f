import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { BulkSelectionState } from './use-bulk-selection';

/** Counts as the language shown writes them (1,234 in English, 1.234 in German). */
const count = (n: number) => n.toLocaleString(i18n.locale);

type BulkBarProps = {
  selection: BulkSelectionState;
  /** Rows on the page shown, and whether all of them are ticked. */
  pageRows: number;
  pageAllTicked: boolean;
  totalCount: number | undefined;
  /** 'users' or 'pools', in the caller's words. */
  noun: string;
  /** The bulk actions, shown while something is selected. */
  children: ReactNode;
};

/**
 * The bar above a table while rows are selected: how many, "Select all N matching" once the whole
 * page is ticked and there is more, Clear, and the actions that apply to the selection.
 */
export function BulkBar({ selection, pageRows, pageAllTicked, totalCount, noun, children }: BulkBarProps) {
  if (!selection.selection) return null;
  const total = totalCount ?? 0;
  const offerAll = !selection.allMatching && pageAllTicked && total > pageRows;
  const all = count(total);
  const selected = count(selection.selection.count);
  return (
    <section
      aria-label={t`Bulk actions for selected ${noun}`}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      <p aria-live="polite" className="tabular-nums">
        {selection.allMatching ? t`All ${all} ${noun} matching the filter are selected.` : t`${selected} selected.`}
      </p>
      {offerAll && (
        <Button variant="link" size="sm" onClick={selection.selectAllMatching}>
          {t`Select all ${all} matching`}
        </Button>
      )}
      <Button variant="link" size="sm" onClick={selection.clear}>
        {t`Clear selection`}
      </Button>
      <div className="flex flex-wrap gap-2 sm:ml-auto">{children}</div>
    </section>
  );
}
