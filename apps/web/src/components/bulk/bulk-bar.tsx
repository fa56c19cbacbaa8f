import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { BulkSelectionState } from './use-bulk-selection';

const count = (n: number) => n.toLocaleString('en-US');

type BulkBarProps = {
  selection: BulkSelectionState;
  /** Rows on the page shown, and whether all of them are ticked. */
  pageRows: number;
  pageAllTicked: boolean;
  totalCount: number | undefined;
  /** 'users' or 'pools'. */
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
  return (
    <section
      aria-label={`Bulk actions for selected ${noun}`}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      <p aria-live="polite" className="tabular-nums">
        {selection.allMatching
          ? `All ${count(total)} ${noun} matching the filter are selected.`
          : `${count(selection.selection.count)} selected.`}
      </p>
      {offerAll && (
        <Button variant="link" size="sm" onClick={selection.selectAllMatching}>
          Select all {count(total)} matching
        </Button>
      )}
      <Button variant="link" size="sm" onClick={selection.clear}>
        Clear selection
      </Button>
      <div className="flex flex-wrap gap-2 sm:ml-auto">{children}</div>
    </section>
  );
}
