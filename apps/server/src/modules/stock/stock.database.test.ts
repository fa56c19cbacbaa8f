import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase, refusal } from '../../../test/helper';
import { issue, lot, stockOrg, type StockOrg } from '../../../test/stock-fixtures';
import { allocate } from './stock.allocate';
import { findLedgerViolations } from './stock.reconcile';

/** The database itself keeps the ledger honest: these statements bypass the module on purpose. */
let handle: DatabaseHandle;
let org: StockOrg;
let lotId: string;
const now = new Date('2026-11-21T09:00:00.000Z');

beforeAll(async () => {
  handle = await openTestDatabase();
  org = await stockOrg(handle.db);
  const issued = await issue(handle.db, org, org.a, lot(now, 10), now);
  lotId = issued.licenseId;
  await allocate(handle.db, {
    actorId: org.a,
    targetId: org.u2,
    isUser: true,
    items: [{ groupKey: issued.groupKey, productCode: 'MBX', quantity: 4 }],
    now,
  });
});
afterAll(async () => {
  await handle.close();
});

const exec = (query: SQL) => handle.db.execute(query);
const inTransaction = (...queries: SQL[]) =>
  handle.db.transaction(async (tx) => {
    for (const query of queries) await tx.execute(query);
  });

async function stockOf(poolId: string) {
  const { rows } = (await exec(
    sql`select available, allocated, total from stock where pool_id = ${poolId} and license_id = ${lotId}`,
  )) as { rows: { available: number; allocated: number; total: number }[] };
  return rows[0];
}

describe('stock rows', () => {
  it('refuse a negative counter', async () => {
    const error = await refusal(
      exec(sql`update stock set available = available - 7, total = total - 7 where pool_id = ${org.pool.a}`),
    );
    expect(error).toMatchObject({ code: '23514' });
    expect(error.message).toContain('stock_counters_nonnegative');
  });

  it('refuse a total that is not the sum of the counters', async () => {
    const error = await refusal(exec(sql`update stock set total = total + 1 where pool_id = ${org.pool.a}`));
    expect(error.message).toContain('stock_total_is_sum');
  });

  it('refuse, at commit, a lot whose pools hold more or fewer units than it was issued with', async () => {
    const grow = sql`update stock set available = available + 1, total = total + 1 where pool_id = ${org.pool.u2}`;
    expect(await refusal(exec(grow))).toMatchObject({ code: '23514' });
    const error = await refusal(inTransaction(grow));
    expect(error.message).toMatch(/holds 11 units across its pools and 0 in child lots but was issued with 10/);
    expect(await refusal(exec(sql`update licenses set total_count = 11 where id = ${lotId}`))).toMatchObject({
      code: '23514',
    });
    expect(await refusal(exec(sql`delete from stock where pool_id = ${org.pool.u2}`))).toMatchObject({
      code: '23514',
    });
    expect(await stockOf(org.pool.u2)).toEqual({ available: 4, allocated: 0, total: 4 });
  });

  it('refuse a lot issued without its units', async () => {
    const error = await refusal(
      exec(sql`insert into licenses (product_code, edition, duration_type, usage_type, customer_id, start_date,
                 total_count, created_by)
               values ('MBX', 'Standard', 'Perpetual', 'Transactional', ${org.a}, now(), 5, ${org.superAdmin})`),
    );
    expect(error.message).toMatch(/holds 0 units across its pools and 0 in child lots but was issued with 5/);
  });

  it('refuse a child lot whose units its parent still holds (decision 029)', async () => {
    const child = (parentId: string) => sql`
      with c as (
        insert into licenses (product_code, edition, duration_type, usage_type, customer_id, start_date, expiry_date,
                              duration_days, total_count, parent_license_id, created_by)
        values ('MBX', 'Standard', 'Fixed', 'NodeLocked', ${org.u2}, now(), now() + interval '1 day', 1, 2,
                ${parentId}, ${org.a})
        returning id
      )
      insert into stock (pool_id, license_id, available, total) select ${org.pool.u2}, id, 2, 2 from c`;
    const error = await refusal(exec(child(lotId)));
    expect(error).toMatchObject({ code: '23514' });
    expect(error.message).toMatch(/holds 10 units across its pools and 2 in child lots but was issued with 10/);
    // Drawn from the parent in the same transaction, it balances.
    await inTransaction(
      sql`update stock set available = available - 2, total = total - 2 where pool_id = ${org.pool.a} and license_id = ${lotId}`,
      child(lotId),
    );
    // A child moved to another parent re-checks the old one (now 2 short) and the new one.
    const moved = await refusal(
      exec(sql`update licenses set parent_license_id = null where parent_license_id = ${lotId}`),
    );
    expect(moved.message).toMatch(/holds 8 units across its pools and 0 in child lots but was issued with 10/);
    // Undone by hand, so that the reconciliation in the next test sees only its own change.
    await inTransaction(
      sql`delete from stock where license_id in (select id from licenses where parent_license_id = ${lotId})`,
      sql`delete from licenses where parent_license_id = ${lotId}`,
      sql`update stock set available = available + 2, total = total + 2 where pool_id = ${org.pool.a} and license_id = ${lotId}`,
    );
    expect(await findLedgerViolations(handle.db)).toEqual([]);
  });

  it('let a balanced change through the constraints, and the reconciliation still finds it against the movement lines', async () => {
    // A hand-made move that keeps every CHECK and the lot balance: only the ledger can tell.
    await inTransaction(
      sql`update stock set available = available - 1, total = total - 1 where pool_id = ${org.pool.a} and license_id = ${lotId}`,
      sql`update stock set available = available + 1, total = total + 1 where pool_id = ${org.pool.u2} and license_id = ${lotId}`,
    );
    const problems = await findLedgerViolations(handle.db);
    expect(problems).toContain(`row ${org.pool.a}/${lotId} differs from its movement lines`);
    expect(problems.some((p) => p.startsWith(`pool ${org.pool.a} counts 4 of lot ${lotId} allocated`))).toBe(true);
    await inTransaction(
      sql`update stock set available = available + 1, total = total + 1 where pool_id = ${org.pool.a} and license_id = ${lotId}`,
      sql`update stock set available = available - 1, total = total - 1 where pool_id = ${org.pool.u2} and license_id = ${lotId}`,
    );
    expect(await findLedgerViolations(handle.db)).toEqual([]);
  });
});

describe('licenses', () => {
  const insert = (columns: SQL) =>
    exec(sql`insert into licenses (product_code, edition, usage_type, customer_id, created_by, total_count,
               duration_type, start_date, expiry_date, duration_days)
             values ('MBX', 'Standard', 'NodeLocked', ${org.a}, ${org.superAdmin}, 1, ${columns})`);
  it.each([
    ['an expiry before the start', sql`'Fixed', '2026-01-02', '2026-01-01', 1`, 'licenses_dates_valid'],
    ['a start before 1900', sql`'Fixed', '1899-12-31', '1900-02-01', 32`, 'licenses_dates_valid'],
    ['a fixed lot without an end', sql`'Fixed', '2026-01-01', null, null`, 'licenses_duration_valid'],
    ['a perpetual NodeLocked lot', sql`'Perpetual', '2026-01-01', null, null`, 'licenses_usage_fits_duration'],
  ])('refuse %s', async (_name, columns, constraint) => {
    expect((await refusal(insert(columns))).message).toContain(constraint);
  });

  it('generate group_key themselves', async () => {
    const error = await refusal(exec(sql`update licenses set group_key = 'x' where id = ${lotId}`));
    expect(error.code).toBe('428C9');
    const { rows } = (await exec(sql`select group_key from licenses where id = ${lotId}`)) as {
      rows: { group_key: string }[];
    };
    expect(rows[0]?.group_key).toBe('MBX|Standard|Fixed|30|NodeLocked');
  });
});

describe('the movement ledger', () => {
  it.each([
    ['update a movement', sql`update movements set quantity = 99`],
    ['delete a movement', sql`delete from movements`],
    ['truncate movements', sql`truncate movements cascade`],
    ['update a movement line', sql`update movement_lines set d_available = 0`],
    ['delete a movement line', sql`delete from movement_lines`],
    ['truncate movement lines', sql`truncate movement_lines`],
  ])('refuses to %s, even in raw SQL', async (_name, statement) => {
    const error = await refusal(exec(statement));
    expect(error.code).toBe('42501');
    expect(error.message).toMatch(/^movement(s|_lines) is append-only: (UPDATE|DELETE|TRUNCATE) is refused$/);
    const { rows } = (await exec(sql`select count(*)::int as n from movement_lines`)) as {
      rows: { n: number }[];
    };
    // One line for the issue, two for the allocation: all still there.
    expect(rows[0]?.n).toBe(3);
  });
});
