import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const markdownFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
const docs = ['README.md', ...markdownFiles('docs')];

describe('the README and docs', () => {
  it('stand on their own: no reference outside the repository', () => {
    for (const file of docs) expect(read(file), file).not.toMatch(/\.\.\/shared|\/work\//);
  });

  it('link only to files that exist', () => {
    for (const file of docs) {
      for (const [, target] of read(file).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        expect(fs.existsSync(path.resolve(root, path.dirname(file), target!)), `${file} → ${target}`).toBe(true);
      }
    }
  });

  it('name the build-time variables the web app reads', () => {
    const named = (text: string) => new Set(text.match(/VITE_[A-Z_]+/g));
    expect(named(read('README.md'))).toEqual(named(read('apps/web/src/lib/links.ts')));
  });

  it('list only environment variables the server reads', () => {
    const env = read('apps/server/src/env.ts');
    const table = read('README.md')
      .split('\n')
      .filter((line) => /^\| `[A-Z]/.test(line));
    expect(table.length).toBeGreaterThan(10);
    for (const row of table) {
      const name = /^\| `([A-Z_]+)`/.exec(row)![1]!;
      expect(env, name).toMatch(new RegExp(`^\\s+${name}:`, 'm'));
    }
  });
});
