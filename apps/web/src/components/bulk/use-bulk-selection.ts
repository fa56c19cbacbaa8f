import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';

/** What a bulk change is sent to: the ticked rows, or every row the list's filter matches. */
export type BulkTargets = { ids: string[] } | { matching: { search?: string } };

/** The selection a bulk dialog is opened with: how many rows, and how the server finds them. */
export type BulkSelection = { count: number; targets: BulkTargets };

/**
 * The rows ticked in a server-paged table, kept across its pages, or "all N matching" its filter
 * (Gmail's and GitHub's pattern): a new filter starts the selection afresh, since the rows ticked
 * under the old one may not match it.
 */
export function useBulkSelection(filter: string, totalCount: number | undefined) {
  const [state, setState] = useState<{ filter: string; rows: RowSelectionState; allMatching: boolean }>({
    filter,
    rows: {},
    allMatching: false,
  });
  const current = state.filter === filter ? state : { filter, rows: {}, allMatching: false };
  const ids = Object.keys(current.rows).filter((id) => current.rows[id]);
  const selection: BulkSelection | null = current.allMatching
    ? { count: totalCount ?? 0, targets: { matching: { search: filter.trim() || undefined } } }
    : ids.length > 0
      ? { count: ids.length, targets: { ids } }
      : null;
  return {
    rowSelection: current.rows,
    setRowSelection: (rows: RowSelectionState) => setState({ filter, rows, allMatching: false }),
    allMatching: current.allMatching,
    selectAllMatching: () => setState({ ...current, allMatching: true }),
    clear: () => setState({ filter, rows: {}, allMatching: false }),
    selection,
  };
}

export type BulkSelectionState = ReturnType<typeof useBulkSelection>;
