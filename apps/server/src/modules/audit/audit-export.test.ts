import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@portal/contracts/audit';
import { auditEvents } from '../../db/schema';
import { csvOf, expectExportAudit, quoted } from '../../../test/csv-read';
import { addAccount, idOf, signIn } from '../../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { adminPrincipal } from '../../../test/stock-fixtures';
import { auditBatches } from './audit.queries';

let ctx: TestContext;
let token: Record<'admin' | 'auditor' | 'other' | 'superAdmin', string>;
let adminId: string;
let otherId: string;

const get = (who: keyof typeof token, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token[who]) });

const exported = async (who: keyof typeof token, query = '') => csvOf(await get(who, `/Audit/export${query}`));
const listed = async (who: keyof typeof token, query = '') =>
  (await get(who, `/Audit?pageSize=200${query}`)).json().data as AuditEvent[];

const QUIRKY = 'Zoë, "the"\nteam';

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  adminId = await idOf(db, 'admin@example.com');
  otherId = await addAccount(db, { email: 'audit.other.admin@example.com', roles: ['Admin'] });
  const at = new Date(Date.UTC(2026, 10, 20, 9, 0));
  const event = (values: Partial<typeof auditEvents.$inferInsert>) => ({
    tenantId: adminId,
    actorId: adminId,
    actorEmail: 'admin@example.com',
    action: 'account.roles',
    outcome: 'success',
    detail: {},
    ip: '10.0.0.1',
    createdAt: at,
    ...values,
  });
  await db.insert(auditEvents).values([
    // Three at the same instant: the keyset must tell them apart by id.
    event({ targetLabel: 'same one' }),
    event({ targetLabel: 'same two' }),
    event({ targetLabel: 'same three' }),
    event({ targetLabel: QUIRKY, detail: { pool: 'x', units: 3 } }),
    event({ actorId: null, actorEmail: '=cmd@example.com', action: 'auth.login', outcome: 'failure' }),
    event({
      tenantId: otherId,
      actorId: otherId,
      actorEmail: 'audit.other.admin@example.com',
      targetLabel: 'Elsewhere',
    }),
  ]);
  token = await signIn(ctx, {
    admin: 'admin@example.com',
    auditor: 'auditor@example.com',
    other: 'audit.other.admin@example.com',
    superAdmin: 'superadmin@example.com',
  });
});
afterAll(() => ctx.close());

describe('GET /api/Audit/export', () => {
  it('answers every event of the trail as CSV, newest first, with a dated file name', async () => {
    const { res, header, rows } = await exported('admin', '?action=account.roles');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-trail_2026-11-21T0900Z.csv"');
    expect(header).toEqual(['Date', 'Account', 'Action', 'Outcome', 'Target', 'Detail', 'Address']);
    const list = await listed('admin', '&action=account.roles');
    expect(rows.map((r) => `${r[0]}|${r[4]}`)).toEqual(list.map((e) => `${e.createdAt}|${e.targetLabel ?? ''}`));
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r[4] === QUIRKY)?.[5]).toBe('pool=x; units=3');
  });

  it('quotes by RFC 4180 and makes a formula inert', async () => {
    const { text, rows } = await exported('admin');
    expect(text).toContain(quoted(QUIRKY));
    expect(rows.find((r) => r[2] === 'Sign-in' && r[3] === 'Failure')?.[1]).toBe(`'=cmd@example.com`);
  });

  it('keeps to the caller’s organisation and honours the filters, like the trail', async () => {
    for (const who of ['admin', 'auditor', 'other'] as const) {
      const { rows } = await exported(who, '?action=account.roles');
      expect(
        rows.map((r) => r[4]),
        who,
      ).toEqual((await listed(who, '&action=account.roles')).map((e) => e.targetLabel ?? ''));
    }
    expect((await exported('admin')).rows.map((r) => r[4])).not.toContain('Elsewhere');
    expect((await exported('other', '?action=account.roles')).rows.map((r) => r[4])).toEqual(['Elsewhere']);
    expect((await exported('superAdmin', '?action=account.roles')).rows.map((r) => r[4])).toContain('Elsewhere');
    const range = '?from=2026-11-20T00:00:00Z&to=2026-11-20T12:00:00Z&email=cmd';
    expect((await exported('admin', range)).rows.map((r) => r[1])).toEqual([`'=cmd@example.com`]);
  });

  it('writes itself to the trail first: table, filters, who', async () => {
    const { rows } = await exported('auditor', '?action=data.export&email=auditor');
    await expectExportAudit(
      ctx.handle.db,
      'audit-trail',
      { action: 'data.export', email: 'auditor' },
      { actorEmail: 'auditor@example.com', tenantId: adminId },
    );
    expect(rows[0]?.slice(1, 5)).toEqual(['auditor@example.com', 'Data exported', 'Success', 'audit-trail']);
  });

  it('reads in keyset batches that neither skip nor repeat events at the same instant', async () => {
    const principal = { ...adminPrincipal(adminId), tenantId: adminId };
    const seen: number[] = [];
    for await (const batch of auditBatches(ctx.handle.db, principal, {}, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      seen.push(...batch.map((e) => e.id));
    }
    expect(seen).toEqual((await listed('admin')).map((e) => e.id));
    expect(seen.length).toBeGreaterThan(5);
  });
});
