import { acceptEula } from '../e2e/support/api';
import { DEMO_PASSWORD } from '../e2e/support/browser';
import { startPortal } from '../e2e/support/server';
import { bundleLines, bundlesWithinBudget, fileLines, measureBundles } from './bundle';

/**
 * The web bundle alone, file by file: `npm run build -w apps/web`, then
 * `node_modules/.bin/node --import tsx bench/bundle-report.ts`. `npm run bench` prints the totals.
 */
const portal = await startPortal({ DEMO_PASSWORD, LOG_LEVEL: 'warn' });
try {
  await acceptEula(portal.url, 'admin@example.com');
  const figures = await measureBundles(portal.url, 'admin@example.com', DEMO_PASSWORD);
  const out = [
    ...bundleLines(figures),
    '',
    'login page /, largest first:',
    ...fileLines(figures.login),
    'shell + dashboard /dashboard, largest first:',
    ...fileLines(figures.dashboard),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  if (!bundlesWithinBudget(figures)) process.exitCode = 1;
} finally {
  await portal.stop();
}
