import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';

const INDEX = '<!doctype html><title>portal</title><div id="root"></div>';
let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestContext({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it("answers the app's pages with index.html, revalidated on every visit", async () => {
    for (const url of ['/', '/users', '/license-pools?page=2']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves hashed assets for a year and other files revalidated', async () => {
    const asset = await ctx.app.inject('/assets/app-1a2b3c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1);');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.app.inject('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await ctx.app.inject('/assets/app-gone.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves a robots.txt that keeps crawlers out', async () => {
    const res = await ctx.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('keeps unknown API paths, other methods and bad addresses out of the app', async () => {
    const api = await ctx.app.inject('/api/no/such/route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
    expect((await ctx.app.inject({ method: 'POST', url: '/users' })).statusCode).toBe(404);
    expect((await ctx.app.inject('/%00')).statusCode).toBe(400);
    expect((await ctx.app.inject('/x%E0')).statusCode).toBe(400);
    expect((await ctx.app.inject('/../../etc/passwd')).body).not.toContain('root:');
  });
});
