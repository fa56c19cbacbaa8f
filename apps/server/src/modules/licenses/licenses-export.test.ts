import { describe, expect, it } from 'vitest';
import type { License, UsageReportRow } from '@portal/contracts/licenses';
import { readScope } from '../../core/scope';
import { expectExportAudit, exportSuite, quoted } from '../../../test/csv-read';
import { addAccount } from '../../../test/fixtures';
import { adminPrincipal, DAY, issue, lot } from '../../../test/stock-fixtures';
import { licenseBatches } from './licenses.queries';
import { usageReportBatches } from './usage-report.queries';

const QUIRKY = 'Zoë, "the"\ncustomer';

const suite = exportSuite(async (db, now, org, other) => {
  const quirky = await addAccount(db, { email: 'quirky@example.com', name: QUIRKY, roles: ['User'], parentId: org.a });
  const formula = await addAccount(db, {
    email: 'formula@example.com',
    name: '-2+3',
    roles: ['User'],
    parentId: org.a,
  });
  // Several lots at the same instant: the keyset must tell them apart by id.
  for (let i = 0; i < 3; i += 1) await issue(db, org, org.a, lot(now, 5 + i, { orderId: `PO-${i}` }), now);
  await issue(db, org, quirky, lot(now, 2, { orderId: '=cmd|"/c calc"!A1' }), now);
  await issue(db, org, formula, lot(new Date(now.getTime() - 60 * DAY), 1, { productCode: 'MBX' }), now);
  await issue(db, org, formula, lot(now, 1, { orderId: 'LIVE' }), now);
  await issue(db, other, other.a, lot(now, 9, { orderId: 'ELSEWHERE' }), now);
  return { a: org.a, other: other.a, superAdmin: org.superAdmin };
});
const { get, exported } = suite;

const listedLicenses = async (who: Parameters<typeof get>[0], query = '') =>
  (await get(who, `/License?pageSize=50${query}`)).json().data as License[];

describe('GET /api/License/export', () => {
  it('answers every lot of the list as CSV, newest first, with a dated file name', async () => {
    const { res, header, rows } = await exported('a', '/License/export');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="licenses_2026-11-21T0900Z.csv"');
    expect(header).toEqual([
      'Created',
      'Product code',
      'Product',
      'Edition',
      'Duration type',
      'Duration (days)',
      'Usage type',
      'Customer',
      'Customer email',
      'Start date',
      'Expiry date',
      'Quantity',
      'Status',
      'Order id',
      'External reference',
      'Issued by',
    ]);
    const list = await listedLicenses('a');
    expect(rows.map((r) => r[13]?.replace(/^'/, ''))).toEqual(list.map((l) => l.orderId ?? ''));
    expect(rows).toHaveLength(6);
    // What people read: usage types in words, never the API's values.
    const usages = new Set(rows.map((r) => r[6]));
    expect([...usages].every((u) => ['Pay-Per-Use', 'Node-Locked', 'Node-Locked Forever'].includes(u ?? ''))).toBe(
      true,
    );
  });

  it('quotes by RFC 4180 and makes formulas inert', async () => {
    const { text, rows } = await exported('a', '/License/export');
    expect(text).toContain(quoted(QUIRKY));
    const quirky = rows.find((r) => r[7] === QUIRKY);
    expect(quirky?.[13]).toBe(`'=cmd|"/c calc"!A1`);
    expect(rows.find((r) => r[8] === 'formula@example.com')?.[7]).toBe(`'-2+3`);
  });

  it('keeps to the caller’s scope and honours the search and the status, like the list', async () => {
    expect((await exported('a', '/License/export')).rows.map((r) => r[13])).not.toContain('ELSEWHERE');
    expect((await exported('other', '/License/export')).rows.map((r) => r[13])).toEqual(['ELSEWHERE']);
    expect((await exported('a', '/License/export?search=PO-1')).rows.map((r) => r[13])).toEqual(['PO-1']);
    const expired = (await exported('a', '/License/export?status=Expired')).rows;
    expect(expired.map((r) => r[8])).toEqual(['formula@example.com']);
    expect((await get('a', '/License/export?pageNumber=2')).statusCode).toBe(400);
  });

  it('writes the export to the audit trail with its filters', async () => {
    await exported('a', '/License/export?status=Active&search=po');
    await expectExportAudit(
      suite.ctx.handle.db,
      'licenses',
      { search: 'po', status: 'Active' },
      { actorId: suite.org.a, tenantId: suite.org.a },
    );
  });

  it('reads in keyset batches that neither skip nor repeat lots issued at the same instant', async () => {
    const seen: string[] = [];
    const query = { scope: readScope(adminPrincipal(suite.org.a)), now: suite.ctx.clock.now() };
    for await (const batch of licenseBatches(suite.ctx.handle.db, query, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      seen.push(...batch.map((l) => l.id));
    }
    expect(seen).toEqual((await listedLicenses('a')).map((l) => l.id));
  });
});

const listedUsage = async (query = '') =>
  (await get('superAdmin', `/LicenseUsageReport?pageSize=125${query}`)).json().data as UsageReportRow[];

describe('GET /api/LicenseUsageReport/export', () => {
  it('answers every row of the report as CSV, in its order', async () => {
    const { res, header, rows } = await exported('superAdmin', '/LicenseUsageReport/export');
    expect(res.headers['content-disposition']).toBe('attachment; filename="license-usage_2026-11-21T0900Z.csv"');
    expect(header).toEqual([
      'Account',
      'Account email',
      'Product code',
      'Product',
      'Total',
      'Consumed',
      'Available',
      'In transit',
    ]);
    const list = await listedUsage();
    expect(rows.map((r) => `${r[1]}|${r[2]}|${r[4]}`)).toEqual(
      list.map((u) => `${u.accountEmail}|${u.productCode}|${u.totalLicenses}`),
    );
  });

  it('quotes, makes formulas inert and honours the search and the product filter', async () => {
    const { text, rows } = await exported('superAdmin', '/LicenseUsageReport/export?SearchTerm=example.com');
    expect(text).toContain(quoted(QUIRKY));
    expect(rows.find((r) => r[1] === 'formula@example.com')?.slice(0, 1)).toEqual([`'-2+3`]);
    const mine = (await exported('superAdmin', '/LicenseUsageReport/export?SearchTerm=quirky')).rows;
    expect(mine.map((r) => r[1])).toEqual(['quirky@example.com']);
    expect((await exported('superAdmin', '/LicenseUsageReport/export?filters=productCode:NONE')).rows).toEqual([]);
  });

  it('is the SuperAdmin’s only, and writes its audit row', async () => {
    expect((await get('a', '/LicenseUsageReport/export')).statusCode).toBe(403);
    await exported('superAdmin', '/LicenseUsageReport/export?filters=productCode:MBX&SearchTerm=x');
    await expectExportAudit(
      suite.ctx.handle.db,
      'license-usage',
      { SearchTerm: 'x', filters: 'productCode:MBX' },
      { actorId: suite.org.superAdmin },
    );
  });

  it('reads in keyset batches that neither skip nor repeat a row', async () => {
    const seen: string[] = [];
    const query = { now: suite.ctx.clock.now(), productCodes: [] };
    for await (const batch of usageReportBatches(suite.ctx.handle.db, query, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      seen.push(...batch.map((u) => `${u.accountId}|${u.productCode}`));
    }
    expect(seen).toEqual((await listedUsage()).map((u) => `${u.accountId}|${u.productCode}`));
    expect(seen.length).toBeGreaterThan(3);
  });
});
