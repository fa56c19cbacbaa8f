import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module fences of eslint.config.js hold for every folder of src/modules, the ones added after
 * the config was written included: a probe file linted inside each module (in memory, never written)
 * may import another module's index.ts but not its internals.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const srcDir = path.join(repoRoot, 'apps/server/src');
const modulesDir = path.join(srcDir, 'modules');
const modules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** A source file of the module other than its index.ts and its tests. */
const internalFile = (module: string) => {
  const file = fs
    .readdirSync(path.join(modulesDir, module))
    .sort()
    .find((name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.test.ts'));
  if (!file) throw new Error(`module ${module} has no file besides index.ts`);
  return file.replace(/\.ts$/, '');
};

const PROBE = 'lint-fence-probe.ts';
// The probe exists in memory only, so the TypeScript project cannot type it: its rules are the
// import rules, which need no types.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: { files: [`**/${PROBE}`], ...tseslint.configs.disableTypeChecked },
});

/** The no-restricted-paths errors of a probe in `folder` (under src) that imports `importPath`. */
const lintProbe = async (folder: string, importPath: string) => {
  const filePath = path.join(srcDir, folder, PROBE);
  const [result] = await eslint.lintText(`import '${importPath}';\n`, { filePath });
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
  return result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths');
};

describe('the lint fences between server modules', () => {
  it('find the modules', () => {
    expect(modules).toContain('sessions');
    expect(modules.length).toBeGreaterThan(10);
  });

  for (const [index, module] of modules.entries()) {
    const other = modules[(index + 1) % modules.length]!;

    it(`refuse ${module} an import of ${other}'s internals, and allow its index.ts`, async () => {
      const refused = await lintProbe(`modules/${module}`, `../${other}/${internalFile(other)}`);
      expect(refused.map((message) => message.message)).toEqual([
        expect.stringContaining('another module is reached only through its index.ts'),
      ]);
      expect(await lintProbe(`modules/${module}`, `../${other}/index`)).toEqual([]);
    });
  }
});

describe('the order of the shared folders, core -> db -> lib', () => {
  const cases: [folder: string, importPath: string, allowed: boolean][] = [
    ['lib', './clock', true],
    ['lib', '../db/client', false],
    ['lib', '../core/errors', false],
    ['db', '../lib/clock', true],
    ['db', '../core/errors', false],
    ['core', '../db/client', true],
    ['core', '../lib/clock', true],
    ['core', '../modules/sessions/index', false],
  ];
  for (const [folder, importPath, allowed] of cases) {
    it(`${allowed ? 'allow' : 'refuse'} ${folder} an import of ${importPath}`, async () => {
      expect(await lintProbe(folder, importPath)).toHaveLength(allowed ? 0 : 1);
    });
  }
});
