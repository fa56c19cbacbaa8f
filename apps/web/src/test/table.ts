import { within } from '@testing-library/react';

/** The column headers of a table, as written. */
export const headerTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

/** The cells of a row, as written. */
export const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((td) => td.textContent);
