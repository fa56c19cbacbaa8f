import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helper';

const contexts: TestContext[] = [];
afterAll(() => Promise.all(contexts.map((ctx) => ctx.close())));

async function contextAt(level: string): Promise<TestContext> {
  const ctx = await createTestContext({ LOG_LEVEL: level });
  contexts.push(ctx);
  return ctx;
}

describe('the request log', () => {
  it('writes no line per request at the default level, so the console stays readable', async () => {
    const ctx = await contextAt('info');
    ctx.logs.length = 0;
    await ctx.app.inject('/api/health');
    await ctx.app.inject('/api/no/such/route');
    expect(ctx.logs).toEqual([]);
  });

  it('writes one line per request at debug, with the path but not the query', async () => {
    const ctx = await contextAt('debug');
    ctx.logs.length = 0;
    await ctx.app.inject('/api/User/confirm-email?token=secret-link-token');
    const lines = ctx.logs.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]?.req?.url).toBe('/api/User/confirm-email');
    expect(ctx.logs.join('')).not.toContain('secret-link-token');
  });
});
