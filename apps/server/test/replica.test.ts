import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../src/db/client';
import { isConnectionFailure, lagSecondsOf, lsnOf, openReplica, type ReadReplica } from '../src/db/replica';
import { apiCall, createTestContext, type TestContext } from './helper';
import { type StandbyCluster, startStandbyCluster } from './standby-cluster';

describe('lagSecondsOf', () => {
  const samples = [
    { at: 10_000, lsn: 100n },
    { at: 12_000, lsn: 200n },
    { at: 14_000, lsn: 300n },
  ];
  it('is 0 for a replica caught up with the newest sample, however old its last replayed commit', () => {
    expect(lagSecondsOf(300n, samples, 15_000, 3600)).toBe(0);
  });
  it('is the age of the newest sample the replica reached, or less when its last commit says so', () => {
    expect(lagSecondsOf(250n, samples, 15_000, null)).toBe(3);
    expect(lagSecondsOf(250n, samples, 15_000, 0.5)).toBe(0.5);
  });
  it('is at least the age of the oldest sample for a replica behind them all', () => {
    expect(lagSecondsOf(50n, samples, 15_000, null)).toBe(5);
  });
});

describe('isConnectionFailure', () => {
  const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
  it('names a replica that cannot be reached or is going away', () => {
    expect(isConnectionFailure(failure('connect ECONNREFUSED 127.0.0.1:5433', 'ECONNREFUSED'))).toBe(true);
    expect(isConnectionFailure(failure('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isConnectionFailure(failure('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(failure('timeout exceeded when trying to connect'))).toBe(true);
  });
  it('leaves errors of the query itself alone', () => {
    expect(isConnectionFailure(failure('invalid input syntax for type uuid', '22P02'))).toBe(false);
    expect(isConnectionFailure(failure('canceling statement due to conflict with recovery', '40001'))).toBe(false);
  });
  it('reads a WAL position', () => {
    expect(lsnOf('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });
});

/**
 * Reports on a real streaming standby (decision 040): a primary and its standby of the test's own
 * (pg_basebackup -R), since the machine's cluster allows no replication connection. Needs
 * PostgreSQL (TEST_DATABASE_URL), like every test of real servers.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('reads on a streaming standby', () => {
  const MAX_LAG_SECONDS = 1;
  let cluster: StandbyCluster;
  let handle: DatabaseHandle;
  let replica: ReadReplica;
  let ctx: TestContext;
  let standby: pg.Client;
  let admin: string;

  beforeAll(async () => {
    cluster = await startStandbyCluster();
    const setup = new pg.Client({ connectionString: cluster.primaryUrl('postgres') });
    await setup.connect();
    await setup.query('CREATE DATABASE portal');
    await setup.end();
    handle = openPostgres(cluster.primaryUrl('portal'), 5);
    await handle.migrate();
    // The health check runs when the test says (its timer's period is an hour here).
    replica = openReplica({
      url: cluster.standbyUrl('portal'),
      primary: handle.pool as pg.Pool,
      maxLagSeconds: MAX_LAG_SECONDS,
      checkEveryMs: 3_600_000,
    });
    ctx = await createTestContext({ METRICS_TOKEN: 'a metrics token of the test' }, { database: handle, replica });
    admin = await ctx.login('admin@example.com');
    await apiCall(ctx, 'POST', '/User/accept-eula', admin);
    standby = await connectStandby();
    await healthy();
  }, 120_000);

  afterAll(async () => {
    await standby?.end().catch(() => undefined);
    await ctx?.close();
    await replica?.close();
    await cluster?.destroy();
  });

  const connectStandby = async () => {
    const client = new pg.Client({ connectionString: cluster.standbyUrl('portal') });
    await client.connect();
    return client;
  };

  /** Checks until the replica is in use and has replayed everything the primary wrote. */
  async function healthy(): Promise<void> {
    for (let i = 0; i < 100; i += 1) {
      const status = await replica.check();
      if (status.inUse && status.lagSeconds === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the replica never became healthy: ${replica.status().reason}`);
  }

  const userName = async () => {
    const res = await apiCall(ctx, 'POST', '/Report', admin, { viewType: 'User', pageSize: 100 });
    expect(res.status).toBe(200);
    const items = (res.body.data as { items: { email: string; name: string }[] }).items;
    return items.find((item) => item.email === 'user@example.com')?.name;
  };
  const movementCount = async () => {
    const res = await apiCall(ctx, 'GET', '/LicenseMovement?pageSize=1', admin);
    return (res.body as unknown as { pageInfo: { totalCount: number } }).pageInfo.totalCount;
  };
  const exportedMovements = async () => {
    const res = await ctx.app.inject({
      url: '/api/LicenseMovement/export',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body.trim().split('\n').length - 1;
  };
  const rename = (name: string) =>
    handle.pool?.query(`UPDATE accounts SET name = $1 WHERE email = 'user@example.com'`, [name]);

  async function allocateOneUnit() {
    const groups = await apiCall(ctx, 'GET', '/LicenseAllocation/available-summary', admin);
    const group = (groups.body.data as { groupKey: string; productCode: string; availableCount: number }[]).find(
      (g) => g.availableCount > 0,
    );
    const user = await handle.pool?.query<{ id: string }>(`SELECT id FROM accounts WHERE email = 'user@example.com'`);
    return apiCall(ctx, 'POST', '/LicenseAllocation/allocate', admin, {
      targetId: user?.rows[0]?.id,
      isUser: true,
      productAllocations: [{ groupKey: group?.groupKey, productCode: group?.productCode, quantity: 1 }],
    });
  }

  it('reads reports on the standby while allocations read and write on the primary', async () => {
    const { rows } = await standby.query<{ recovery: boolean }>('SELECT pg_is_in_recovery() AS recovery');
    expect(rows[0]?.recovery).toBe(true);
    await healthy();
    const before = { name: await userName(), exported: await exportedMovements(), listed: await movementCount() };
    expect(before.exported).toBe(before.listed);
    // The standby stops replaying: what the primary writes from now on is not there yet.
    await standby.query('SELECT pg_wal_replay_pause()');
    await rename('Renamed on the primary');
    const allocation = await allocateOneUnit();
    expect(allocation.status).toBe(200);
    expect(replica.status().inUse).toBe(true);
    // The report and the export (the standby) do not show it; the movement list (the primary) does.
    expect(await userName()).toBe(before.name);
    expect(await exportedMovements()).toBe(before.exported);
    expect(await movementCount()).toBe(before.listed + 1);
  });

  it('skips a standby further behind than the bound, and uses it again once it caught up', async () => {
    const skipped = () => ctx.logs.filter((line) => line.includes('the read replica is skipped')).length;
    const skippedBefore = skipped();
    await new Promise((resolve) => setTimeout(resolve, MAX_LAG_SECONDS * 1000 + 200));
    const status = await replica.check();
    expect(status).toMatchObject({ inUse: false, reason: `behind by more than ${MAX_LAG_SECONDS} s` });
    expect(status.lagSeconds).toBeGreaterThan(MAX_LAG_SECONDS);
    expect(await userName()).toBe('Renamed on the primary');
    // One warning for the change, however many checks find it behind.
    await replica.check();
    expect(skipped()).toBe(skippedBefore + 1);
    const metrics = await ctx.app.inject({
      url: '/api/metrics',
      headers: { authorization: 'Bearer a metrics token of the test' },
    });
    expect(metrics.body).toContain('portal_db_replica_in_use 0');

    await standby.query('SELECT pg_wal_replay_resume()');
    await healthy();
    await rename('Renamed again');
    await healthy();
    expect(await userName()).toBe('Renamed again');
  });

  it('answers from the primary when the standby stops, without a failed request', async () => {
    await standby.end();
    await cluster.stopStandby();
    await rename('Renamed while the standby is down');
    const fallbacks = replica.status().fallbacks;
    expect(await userName()).toBe('Renamed while the standby is down');
    expect(replica.status()).toMatchObject({ inUse: false, fallbacks: fallbacks + 1 });
    expect((await replica.check()).reason).toMatch(/^unreachable/);
    const metrics = await ctx.app.inject({
      url: '/api/metrics',
      headers: { authorization: 'Bearer a metrics token of the test' },
    });
    expect(metrics.body).toMatch(/^portal_db_replica_in_use 0$/m);
    expect(metrics.body).toMatch(/^portal_db_replica_lag_seconds nan$/im);
    expect(metrics.body).toMatch(/^portal_db_replica_fallbacks_total [1-9]/m);
    expect(await exportedMovements()).toBe(await movementCount());

    await cluster.startStandby();
    standby = await connectStandby();
    await healthy();
    expect(await userName()).toBe('Renamed while the standby is down');
  });
});
