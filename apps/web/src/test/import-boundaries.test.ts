import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Runs apps/web/eslint.config.js on snippets placed at real paths: each layer zone must report an
 * upward or cross-feature import written relatively and as an `@/` alias, and allow the
 * downward ones. The imported modules are real files (picked at run time, so renames do not break
 * this), because the zones judge the resolved file.
 */
const webDir = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: webDir,
  // Types are not needed to judge imports, and the snippets are not files the project knows.
  overrideConfig: tseslint.configs.disableTypeChecked as Linter.Config,
});

/** A source module (no extension) inside `dir`, relative to src/. */
function moduleIn(dir: string): string {
  const file = readdirSync(path.join(webDir, 'src', dir)).find(
    (name) => /\.tsx?$/.test(name) && !name.includes('.test.'),
  );
  if (!file) throw new Error(`no module in src/${dir}`);
  return `${dir}/${file.replace(/\.tsx?$/, '')}`;
}

/** The import as written from `file` (relative to src/): `@/x` or `../x`. */
function specifier(file: string, target: string, style: 'alias' | 'relative'): string {
  if (style === 'alias') return `@/${target}`;
  const relative = path.relative(path.dirname(file), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

async function rulesFired(file: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(webDir, 'src', file) });
  return result?.messages.map((message) => message.ruleId) ?? [];
}

const importOf = (spec: string) => `import * as target from '${spec}';\nexport const used = target;\n`;

const forbidden: [from: string, target: string][] = [
  ['lib/probe.ts', moduleIn('features/auth/api')],
  ['lib/probe.ts', moduleIn('components')],
  ['lib/probe.ts', moduleIn('routes')],
  ['lib/probe.ts', moduleIn('app')],
  ['hooks/probe.ts', moduleIn('features/pools/api')],
  ['hooks/probe.ts', moduleIn('components/ui')],
  ['components/probe.tsx', moduleIn('features/accounts/api')],
  ['components/ui/probe.tsx', moduleIn('routes')],
  ['components/probe.tsx', moduleIn('app')],
  ['features/pools/components/probe.tsx', moduleIn('routes')],
  ['features/pools/probe.ts', moduleIn('app')],
  ['routes/probe.tsx', moduleIn('app')],
  ['features/pools/components/probe.tsx', moduleIn('features/accounts/api')],
  ['features/auth/probe.ts', moduleIn('features/eula/api')],
  ['features/eula/components/probe.tsx', moduleIn('features/auth/api')],
  ['features/pools/components/probe.test.tsx', moduleIn('features/accounts/api')],
  ['lib/probe.ts', 'test/mock-api'],
  ['features/pools/components/probe.tsx', 'test/render-app'],
];

const allowed: [from: string, target: string][] = [
  ['app/probe.tsx', moduleIn('routes')],
  ['routes/probe.tsx', moduleIn('features/pools/api')],
  ['features/pools/components/probe.tsx', moduleIn('features/pools/api')],
  ['features/pools/components/probe.tsx', moduleIn('components/ui')],
  ['features/pools/components/probe.tsx', moduleIn('lib')],
  ['components/probe.tsx', moduleIn('hooks')],
  ['hooks/probe.ts', moduleIn('lib')],
  // A test may render what sits above its unit to observe it.
  ['lib/probe.test.tsx', moduleIn('components/ui')],
  ['features/pools/components/probe.test.tsx', 'test/render-app'],
];

// Each case is a real lint run with the resolver and the cycle check: slow on a busy machine.
describe('import boundaries (apps/web/eslint.config.js)', { timeout: 30_000 }, () => {
  // The first lint loads the config, its plugins and the resolver: seconds on a busy machine.
  beforeAll(async () => {
    await rulesFired('lib/probe.ts', '');
  }, 60_000);

  for (const [from, target] of forbidden) {
    for (const style of ['relative', 'alias'] as const) {
      const spec = specifier(from, target, style);
      it(`refuses ${spec} in src/${from}`, async () => {
        expect(await rulesFired(from, importOf(spec))).toContain('import-x/no-restricted-paths');
      });
    }
  }

  for (const [from, target] of allowed) {
    for (const style of ['relative', 'alias'] as const) {
      const spec = specifier(from, target, style);
      it(`allows ${spec} in src/${from}`, async () => {
        expect(await rulesFired(from, importOf(spec))).toEqual([]);
      });
    }
  }

  it('refuses an import of the server, which the web app reaches over HTTP only', async () => {
    expect(await rulesFired('lib/probe.ts', importOf('../../../server/src/env'))).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuses an import cycle, even inside one layer and of types only', async () => {
    // The cycle rule reads the project's program: this linter keeps type information on.
    const typed = new ESLint({ cwd: webDir });
    const cycleRules = async (code: string) => {
      const [result] = await typed.lintText(code, { filePath: path.join(webDir, 'src', 'lib/api-client.ts') });
      return result?.messages.map((message) => message.ruleId) ?? [];
    };
    // lib/form-errors imports lib/api-client; api-client importing it back closes the loop.
    const value = `import { applyServerFieldErrors } from './form-errors';\nexport const used = applyServerFieldErrors;\n`;
    expect(await cycleRules(value)).toContain('portal/no-import-cycle');
    const typeOnly = `import type { applyServerFieldErrors } from './form-errors';\nexport type Used = typeof applyServerFieldErrors;\n`;
    expect(await cycleRules(typeOnly)).toContain('portal/no-import-cycle');
  });
});
