import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../test/helper';

const TOKEN = 'prometheus-scrape-token-0123456789';
const contexts: TestContext[] = [];
afterAll(() => Promise.all(contexts.map((ctx) => ctx.close())));

async function open(env: Record<string, string>): Promise<TestContext> {
  const ctx = await createTestContext(env);
  contexts.push(ctx);
  return ctx;
}

describe('/api/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const ctx = await open({});
    const res = await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(404);
  });

  it('answers only the scraper that holds the token, with what operators watch', async () => {
    const ctx = await open({ METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_ADDRESS: '3' });
    for (const headers of [{}, bearer('x'.repeat(40)), { authorization: TOKEN }]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers })).statusCode).toBe(401);
    }
    const token = await ctx.login('user@example.com');
    for (let i = 0; i < 3; i += 1) await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(token) });
    for (let i = 0; i < 4; i += 1) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/User/login',
        payload: { email: 'nobody@example.com', password: 'not-the-password' },
      });
    }
    const res = await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/api\/User\/me",status="200"\} 3/,
    );
    expect(text).toMatch(/portal_rate_limit_refusals_total\{route="\/api\/User\/login"\} [1-9]/);
    expect(text).toMatch(/portal_session_cache_lookups_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/portal_session_cache_entries [1-9]/);
    expect(text).toMatch(/portal_queue_jobs\{kind="mail",state="pending"\} \d+/);
    expect(text).toMatch(/portal_queue_jobs\{kind="webhook",state="dead"\} \d+/);
    expect(text).toContain('# TYPE portal_queue_attempts_total counter');
    expect(text).toContain('# TYPE portal_stock_movements_total counter');
    expect(text).toContain('portal_process_cpu_seconds_total');
    if (ctx.handle.kind === 'postgres') expect(text).toMatch(/portal_db_pool_connections\{state="idle"\} \d+/);
  });
});
