import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVEMENT_TARGET_LABELS } from '@portal/contracts/labels';
import type { LicenseMovement } from '@portal/contracts/licenses';
import { accounts, movements, pools } from '../../db/schema';
import { csvOf, expectExportAudit, quoted } from '../../../test/csv-read';
import { addAccount, signIn } from '../../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { neutralise } from '../../lib/csv';
import { movementBatches } from './movements.queries';

let ctx: TestContext;
let token: Record<'admin' | 'user' | 'other' | 'superAdmin', string>;
let adminId: string;

const get = (who: keyof typeof token, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token[who]) });

async function defaultPool(ownerId: string): Promise<string> {
  const [row] = await ctx.handle.db
    .select({ id: pools.id })
    .from(pools)
    .where(and(eq(pools.ownerId, ownerId), eq(pools.poolType, 'Default')));
  if (!row) throw new Error('no pool');
  return row.id;
}

const exported = async (who: keyof typeof token, query = '') =>
  csvOf(await get(who, `/LicenseMovement/export${query}`));
const listed = async (who: keyof typeof token, query = '') =>
  (await get(who, `/LicenseMovement?pageSize=500${query}`)).json().data as LicenseMovement[];
/** What a CSV line and a list row share: date, action, quantity and target (neutralised in the file). */
const keyOfLine = (r: string[]) => [r[0], r[1], r[4], r[6], r[7]].join('|');
const keyOfRow = (m: LicenseMovement) =>
  [
    m.createdAt,
    m.action,
    String(m.quantityChange),
    neutralise(m.targetName),
    MOVEMENT_TARGET_LABELS[m.targetType],
  ].join('|');

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  const [admin] = await db.select().from(accounts).where(eq(accounts.email, 'admin@example.com'));
  const [user] = await db.select().from(accounts).where(eq(accounts.email, 'user@example.com'));
  if (!admin || !user) throw new Error('no demo accounts');
  adminId = admin.id;
  const otherId = await addAccount(db, { email: 'other.admin@example.com', name: 'Other', roles: ['Admin'] });
  const [adminPool, userPool, otherPool] = [
    await defaultPool(admin.id),
    await defaultPool(user.id),
    await defaultPool(otherId),
  ];
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
  const row = (values: Partial<typeof movements.$inferInsert>) => ({
    action: 'Allocate',
    productCode: 'MBX',
    groupKey: 'MBX',
    quantity: 1,
    sourcePoolId: adminPool,
    targetName: 'Somebody',
    targetType: 'User',
    actorId: admin.id,
    createdAt: at(0),
    ...values,
  });
  await db.insert(movements).values([
    // Three at the same instant: the keyset must tell them apart by id.
    row({ targetName: 'Tie one', quantity: 2 }),
    row({ targetName: 'Tie two', quantity: 3 }),
    row({ targetName: 'Tie three', quantity: 4 }),
    row({ targetName: '=cmd|"/c calc"!A1', quantity: -5, action: 'Revoke', createdAt: at(1) }),
    row({ targetName: 'Zoë, "the" pool', sourcePoolId: userPool, actorId: user.id, createdAt: at(2) }),
    row({ targetName: 'Elsewhere', sourcePoolId: otherPool, actorId: otherId, createdAt: at(3) }),
    row({ targetName: 'Issued', action: 'Issue', quantity: 10, createdAt: at(4) }),
  ]);
  token = await signIn(ctx, {
    admin: 'admin@example.com',
    user: 'user@example.com',
    other: 'other.admin@example.com',
    superAdmin: 'superadmin@example.com',
  });
});
afterAll(() => ctx.close());

describe('GET /api/LicenseMovement/export', () => {
  it('answers every movement of the list as CSV, newest first, with a dated file name', async () => {
    const { res, header, rows } = await exported('admin');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="movements_2026-11-21T0900Z.csv"');
    expect(header).toEqual([
      'Date',
      'Action',
      'Product code',
      'Product',
      'Quantity',
      'Source pool',
      'Target',
      'Target type',
      'By',
      'By email',
    ]);
    expect(rows.map(keyOfLine)).toEqual((await listed('admin')).map(keyOfRow));
    expect(rows.map((r) => r[6])).not.toContain('Elsewhere');
  });

  it('quotes by RFC 4180, keeps a negative quantity a number and makes a formula inert', async () => {
    const { text, rows } = await exported('superAdmin');
    expect(text).toContain(`,${quoted('Zoë, "the" pool')},`);
    const revoke = rows.find((r) => r[1] === 'Revoke');
    expect(revoke?.[4]).toBe('-5');
    expect(revoke?.[6]).toBe(`'=cmd|"/c calc"!A1`);
    expect(rows.map((r) => r[6])).toContain('Elsewhere');
  });

  it('keeps each caller to its scope, like the list', async () => {
    for (const who of ['admin', 'user', 'other', 'superAdmin'] as const) {
      expect((await exported(who)).rows.map(keyOfLine), who).toEqual((await listed(who)).map(keyOfRow));
    }
    const users = (await exported('user')).rows.map((r) => r[6]);
    expect(users).toContain('Zoë, "the" pool');
    expect(users).not.toContain('Tie one');
    expect((await exported('other')).rows.map((r) => r[6])).toEqual(['Elsewhere']);
  });

  it('honours the search and the action filter', async () => {
    expect((await exported('admin', '?search=tie')).rows.map((r) => r[6]).sort()).toEqual([
      'Tie one',
      'Tie three',
      'Tie two',
    ]);
    expect((await exported('admin', '?action=Issue&search=issued')).rows.map((r) => r[6])).toEqual(['Issued']);
    const revokes = (await exported('admin', '?action=Revoke')).rows;
    expect(revokes.length).toBeGreaterThan(0);
    expect(revokes.every((r) => r[1] === 'Revoke')).toBe(true);
    expect((await get('admin', '/LicenseMovement/export?pageNumber=1')).statusCode).toBe(400);
  });

  it('writes the export to the audit trail with its filters', async () => {
    await exported('user', '?action=Allocate&search=zo');
    await expectExportAudit(
      ctx.handle.db,
      'movements',
      { action: 'Allocate', search: 'zo' },
      { actorEmail: 'user@example.com' },
    );
  });

  it('reads in keyset batches that neither skip nor repeat rows at the same instant', async () => {
    const principal = { accountId: adminId, roles: ['Admin'], parentId: null } as unknown as Parameters<
      typeof movementBatches
    >[1];
    const seen: string[] = [];
    for await (const batch of movementBatches(ctx.handle.db, principal, {}, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      seen.push(...batch.map(keyOfRow));
    }
    expect(seen).toEqual((await listed('admin')).map(keyOfRow));
    expect(seen.length).toBeGreaterThan(4);
  });
});
