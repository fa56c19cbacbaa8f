import { describe, expect, it } from 'vitest';
import { keepPreviousPage } from './keep-previous-page';

const rows = { rows: ['a', 'b'] };
const key = (params: object) => ['accounts', 'page', params] as const;

describe('keepPreviousPage', () => {
  it('keeps the rows on screen while the next page or another sort loads', () => {
    const next = keepPreviousPage(key({ pageNumber: 2, pageSize: 10, search: 'ann' }));
    expect(next(rows, { queryKey: key({ pageNumber: 1, pageSize: 10, search: 'ann' }) })).toBe(rows);
    const sorted = keepPreviousPage(key({ pageNumber: 1, search: '', sort: { by: 'email', desc: true } }));
    expect(sorted(rows, { queryKey: key({ pageNumber: 1, search: '', sort: null }) })).toBe(rows);
  });

  it('drops them when the filter or search changes: they would not match it', () => {
    const filtered = keepPreviousPage(key({ pageNumber: 1, pageSize: 10, search: 'ann' }));
    expect(filtered(rows, { queryKey: key({ pageNumber: 1, pageSize: 10, search: '' }) })).toBeUndefined();
    const byAction = keepPreviousPage(key({ pageNumber: 1, action: 'Allocate' }));
    expect(byAction(rows, { queryKey: key({ pageNumber: 1, action: undefined }) })).toBeUndefined();
    const otherList = keepPreviousPage(['pools', 'page', { pageNumber: 1 }]);
    expect(otherList(rows, { queryKey: key({ pageNumber: 1 }) })).toBeUndefined();
    expect(filtered(rows, undefined)).toBeUndefined();
  });
});
