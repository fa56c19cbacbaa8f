import { describe, expect, it } from 'vitest';
import type { Pool } from '@portal/contracts/pools';
import { expectExportAudit, exportSuite, quoted } from '../../../test/csv-read';
import { addSharedPool } from '../../../test/fixtures';
import { adminPrincipal, issue, item, lot } from '../../../test/stock-fixtures';
import { allocate } from '../stock';
import { poolBatches } from './pools.repository';

const QUIRKY = 'Zoë, "the"\nteam';

const suite = exportSuite(async (db, now, org, other) => {
  await issue(db, org, org.a, lot(now, 20), now);
  await allocate(db, { actorId: org.a, targetId: org.p1, isUser: false, items: [item(6)], now });
  const quirky = await addSharedPool(db, org.a, QUIRKY);
  await allocate(db, { actorId: org.a, targetId: quirky, isUser: false, items: [item(2)], now });
  await addSharedPool(db, org.a, '=HYPERLINK("http://evil")');
  await addSharedPool(db, org.a, '@SUM(1)');
  await addSharedPool(db, other.a, 'Elsewhere');
  return { a: org.a, other: other.a };
});
const { get } = suite;
type Who = Parameters<typeof get>[0];

const exported = async (who: Who, query = '') => suite.exported(who, `/LicensePool/export${query}`);
const listed = async (who: Who, query = '') =>
  (await get(who, `/LicensePool?pageSize=2000${query}`)).json().data as Pool[];

describe('GET /api/LicensePool/export', () => {
  it('answers every pool of the list as CSV, in its order, with what each holds', async () => {
    const { res, header, rows } = await exported('a', '?poolType=Pool');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pools_2026-11-21T0900Z.csv"');
    expect(header).toEqual([
      'Name',
      'Description',
      'Type',
      'Owner',
      'Owner email',
      'Users',
      'Created',
      'Products',
      'Total',
      'Available',
      'Consumed',
      'In transit',
    ]);
    const list = await listed('a');
    expect(rows.map((r) => r[0]?.replace(/^'/, ''))).toEqual(list.map((p) => p.name));
    const sales = rows.find((r) => r[0] === 'Sales');
    expect(sales?.[2]).toBe('Shared');
    expect(sales?.slice(5)).toEqual(['1', expect.any(String), 'MBX Standard', '6', '6', '0', '0']);
  });

  it('quotes by RFC 4180 and makes formulas inert', async () => {
    const { text, rows } = await exported('a');
    expect(text).toContain(quoted(QUIRKY));
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining([QUIRKY, `'=HYPERLINK("http://evil")`, `'@SUM(1)`]));
    expect(rows.find((r) => r[0] === QUIRKY)?.[9]).toBe('2');
  });

  it('keeps to the caller’s organisation and honours the search, like the list', async () => {
    const mine = (await exported('a')).rows.map((r) => r[0]);
    expect(mine).toContain('Support');
    expect(mine).not.toContain('Elsewhere');
    const theirs = (await exported('other')).rows.map((r) => r[0]);
    expect(theirs).toEqual((await listed('other')).map((p) => p.name));
    expect(theirs).toContain('Elsewhere');
    expect(theirs).not.toContain(QUIRKY);
    expect((await exported('a', '?search=zoë')).rows.map((r) => r[0])).toEqual([QUIRKY]);
    expect((await get('a', '/LicensePool/export?pageSize=10')).statusCode).toBe(400);
  });

  it('writes the export to the audit trail with its filters', async () => {
    await exported('a', '?search=sal');
    await expectExportAudit(
      suite.ctx.handle.db,
      'pools',
      { search: 'sal' },
      { actorId: suite.org.a, tenantId: suite.org.a },
    );
  });

  it('reads in keyset batches that neither skip nor repeat a pool', async () => {
    const seen: string[] = [];
    for await (const batch of poolBatches(
      suite.ctx.handle.db,
      adminPrincipal(suite.org.a),
      {},
      suite.ctx.clock.now(),
      2,
    )) {
      expect(batch.length).toBeLessThanOrEqual(2);
      seen.push(...batch.map((p) => p.name));
    }
    expect(seen).toEqual((await listed('a')).map((p) => p.name));
    expect(seen.length).toBeGreaterThan(3);
  });
});
