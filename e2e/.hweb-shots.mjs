import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
const BASE = 'http://127.0.0.1:18473';
const OUT = '/tmp/hweb-shots';
const PW = 'Demo-Password-2026!';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const log = [];
async function ctx(width, theme) {
  const c = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: theme });
  await c.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const p = await c.newPage();
  p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') log.push(`[${width}/${theme}] ${m.type()}: ${m.text()}`); });
  p.on('pageerror', (e) => log.push(`pageerror ${e.message}`));
  await p.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error('CSP-VIOLATION', e.violatedDirective, e.sourceFile, e.blockedURI)));
  return { c, p };
}
async function login(p, email) {
  await p.goto(BASE + '/');
  await p.getByLabel('Email', { exact: true }).fill(email);
  await p.getByLabel('Password', { exact: true }).fill(PW);
  await p.getByRole('button', { name: 'Login' }).click();
  const accept = p.getByRole('button', { name: 'Accept' });
  await Promise.race([accept.waitFor({ timeout: 15000 }).then(() => accept.click()).catch(() => {}), p.waitForURL('**/intro', { timeout: 15000 }).catch(() => {})]);
  await p.waitForURL(/intro|dashboard|child/, { timeout: 15000 }).catch(() => {});
  await p.waitForLoadState('networkidle');
}
const step = process.argv[2];
try {
  if (step === 'signedout') {
    const { c, p } = await ctx(1280, 'light');
    const sizes = new Map();
    p.on('response', async (r) => { const t = r.request().resourceType(); if (t !== 'script' && t !== 'stylesheet') return; const b = await r.body().catch(() => null); if (b) sizes.set(new URL(r.url()).pathname, gzipSync(b).length); });
    await p.goto(BASE + '/', { waitUntil: 'networkidle' });
    console.log('login gzip total', [...sizes.values()].reduce((a, b) => a + b, 0), [...sizes.entries()]);
    await p.goto(BASE + '/forgot-password', { waitUntil: 'networkidle' });
    await p.getByLabel('Email').fill('nobody@example.com');
    await p.getByRole('button', { name: 'Send Reset Password Link' }).click();
    await p.getByRole('status').first().waitFor();
    await p.waitForTimeout(500);
    await p.screenshot({ path: `${OUT}/forgot-sent-1280-light.png` });
    console.log('forgot text count', await p.getByText(/reset/i).count());
    await p.goto(BASE + '/no-such-page', { waitUntil: 'networkidle' });
    console.log('main landmarks on 404:', await p.getByRole('main').count());
    await p.getByRole('link', { name: 'Back to Home' }).click();
    await p.getByRole('heading', { name: 'Sign In' }).waitFor();
    console.log('after Back to Home:', p.url());
    await c.close();
    for (const theme of ['light', 'dark']) {
      const { c: c2, p: p2 } = await ctx(375, theme);
      await p2.goto(BASE + '/404', { waitUntil: 'networkidle' });
      await p2.screenshot({ path: `${OUT}/404-375-${theme}.png` });
      await c2.close();
    }
  }
  if (step === 'twofa') {
    const { c, p } = await ctx(1280, 'dark');
    await p.goto(BASE + '/');
    await p.getByLabel('Email', { exact: true }).fill('secure@example.com');
    await p.getByLabel('Password', { exact: true }).fill(PW);
    await p.getByRole('button', { name: 'Login' }).click();
    const dialog = p.getByRole('dialog', { name: 'Two-factor Authentication' });
    await dialog.waitFor();
    await p.keyboard.type('ZZZ9999');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await p.getByText('The code is not correct.').first().waitFor();
    await p.waitForTimeout(600);
    console.log('2fa message count', await p.getByText('The code is not correct.').count());
    await p.screenshot({ path: `${OUT}/2fa-wrong-1280-dark.png` });
    await c.close();
  }
  if (step === 'admin') {
    for (const [width, theme] of [[1280, 'light'], [1280, 'dark'], [375, 'light'], [375, 'dark']]) {
      const { c, p } = await ctx(width, theme);
      await login(p, 'admin@example.com');
      await p.goto(BASE + '/child-accounts', { waitUntil: 'networkidle' });
      await p.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).waitFor();
      await p.screenshot({ path: `${OUT}/users-${width}-${theme}.png`, fullPage: true });
      // keyboard: focus + Create User, open, Escape, where is focus?
      const create = p.getByRole('button', { name: '+ Create User' });
      await create.focus();
      await p.keyboard.press('Enter');
      await p.getByRole('dialog', { name: 'Create User' }).waitFor();
      await p.keyboard.press('Escape');
      await p.getByRole('dialog').waitFor({ state: 'detached' });
      console.log(width, theme, 'focus after Create User:', await p.evaluate(() => document.activeElement?.textContent || document.activeElement?.tagName));
      await p.screenshot({ path: `${OUT}/focus-create-${width}-${theme}.png` });
      const actions = p.getByRole('button', { name: /^Actions for/ }).first();
      await actions.focus();
      await p.keyboard.press('Enter');
      await p.getByRole('menuitem', { name: 'Edit User' }).waitFor();
      await p.keyboard.press('Enter');
      await p.getByRole('dialog').waitFor();
      await p.keyboard.press('Escape');
      await p.getByRole('dialog').waitFor({ state: 'detached' });
      await p.waitForTimeout(300);
      console.log(width, theme, 'focus after Edit User:', await p.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.tagName));
      await p.screenshot({ path: `${OUT}/focus-edit-${width}-${theme}.png` });
      if (width === 1280) {
        // Create Pool with a taken name
        await p.goto(BASE + '/license-pools', { waitUntil: 'networkidle' });
        await p.screenshot({ path: `${OUT}/pools-${width}-${theme}.png`, fullPage: true });
        for (let i = 0; i < 2; i++) {
          await p.getByRole('button', { name: 'Create Pool' }).click();
          const d = p.getByRole('dialog', { name: 'Create Pool' });
          await d.getByLabel('Name').fill('Dup pool ' + theme);
          await d.getByLabel('Description').fill('x');
          await d.getByRole('button', { name: 'Create' }).click();
          if (i === 0) await d.waitFor({ state: 'detached' });
        }
        await p.getByText(/already/).first().waitFor();
        await p.waitForTimeout(500);
        console.log(theme, 'dup pool message count', await p.getByText(/already/).count());
        await p.screenshot({ path: `${OUT}/pool-dup-${width}-${theme}.png` });
        await p.keyboard.press('Escape');
        // settings profile
        await p.goto(BASE + '/settings', { waitUntil: 'networkidle' });
        await p.getByRole('button', { name: 'Update profile' }).click();
        await p.getByText('You submitted the following values:').waitFor();
        await p.screenshot({ path: `${OUT}/profile-toast-${width}-${theme}.png` });
        await p.getByRole('link', { name: 'Change Password' }).click();
        await p.getByLabel('Old Password').waitFor();
        await p.waitForTimeout(1500);
        console.log(theme, 'toast after leaving profile:', await p.getByText('You submitted the following values:').count());
        // collapsed sidebar hover+click
        await p.evaluate(() => localStorage.setItem('collapsed-sidebar', 'true'));
        await p.goto(BASE + '/settings', { waitUntil: 'networkidle' });
        const analysis = p.getByRole('button', { name: 'Analysis' });
        await analysis.hover();
        await p.getByRole('menu').waitFor();
        await p.waitForTimeout(200);
        await analysis.click();
        await p.waitForTimeout(500);
        console.log(theme, 'menu open after hover+click:', await p.getByRole('menu').count());
        await p.screenshot({ path: `${OUT}/collapsed-analysis-${width}-${theme}.png` });
        await p.evaluate(() => localStorage.setItem('collapsed-sidebar', 'false'));
        // focus ring on sidebar link with keyboard
        await p.goto(BASE + '/settings', { waitUntil: 'networkidle' });
        await p.keyboard.press('Tab'); await p.keyboard.press('Tab'); await p.keyboard.press('Tab');
        await p.screenshot({ path: `${OUT}/focus-ring-${width}-${theme}.png` });
      }
      await c.close();
    }
  }
} finally {
  console.log('--- console errors/warnings ---');
  for (const l of log) console.log(l);
  await browser.close();
}
