import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadArea } from '@/lib/i18n';
import { BulkBar } from './bulk-bar';
import type { BulkSelectionState } from './use-bulk-selection';

const noop = () => undefined;

/** Two rows of 25 ticked, 1,234 matching the filter. */
function selection(allMatching = false): BulkSelectionState {
  return {
    selection: { count: allMatching ? 1234 : 25, targets: { ids: [] } },
    rowSelection: {},
    setRowSelection: noop,
    allMatching,
    selectAllMatching: noop,
    clear: noop,
  };
}

const bar = (allMatching = false, noun = 'users') => (
  <BulkBar selection={selection(allMatching)} pageRows={25} pageAllTicked totalCount={1234} noun={noun}>
    <button type="button">Act</button>
  </BulkBar>
);

describe('BulkBar', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('says the selection in English, counts written as in English', () => {
    const { rerender } = render(bar());
    expect(screen.getByRole('region', { name: 'Bulk actions for selected users' })).toBeInTheDocument();
    expect(screen.getByText('25 selected.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select all 1,234 matching' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear selection' })).toBeInTheDocument();
    rerender(bar(true));
    expect(screen.getByText('All 1,234 users matching the filter are selected.')).toBeInTheDocument();
  });

  it('says it in German with German digit grouping, the noun in the caller’s words', async () => {
    await activateLocale('de');
    await loadArea('licensing');
    const { rerender } = render(bar(false, 'Benutzer'));
    expect(screen.getByRole('region', { name: 'Massenaktionen für ausgewählte Benutzer' })).toBeInTheDocument();
    expect(screen.getByText('25 ausgewählt.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle 1.234 Treffer auswählen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Auswahl aufheben' })).toBeInTheDocument();
    rerender(bar(true, 'Benutzer'));
    expect(screen.getByText('Alle 1.234 Benutzer, die dem Filter entsprechen, sind ausgewählt.')).toBeInTheDocument();
  });
});
