import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3811';
const [email, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [1280, 375]) {
  const ctx = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await ctx.newPage();
  await page.goto(base + '/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery-staple');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForTimeout(1500);
  const accept = page.getByRole('button', { name: 'Accept', exact: true });
  if (await accept.isVisible().catch(() => false)) { await accept.click(); await page.waitForTimeout(1000); }
  for (const p of paths) {
    await page.goto(base + p);
    await page.waitForTimeout(1500);
    const name = `${email.split('@')[0]}${p.replace(/[^a-z0-9]+/gi, '_')}_${width}`;
    await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
    console.log(name);
  }
  await ctx.close();
}
await browser.close();
