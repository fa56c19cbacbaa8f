import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@portal/contracts/locales';
import { describe, expect, it } from 'vitest';
import { CSV_HEADERS, csvHeader } from './csv-headers';

const MODULES = join(__dirname, '../../modules');

/** Every `header: '…'` of the exports' columns, by the file that names them. */
function headersByFile(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
        const text = readFileSync(path, 'utf8');
        if (!text.includes('CsvColumn')) continue;
        const headers = [...text.matchAll(/\bheader: '([^']+)'/g)].map((match) => match[1]!);
        if (headers.length > 0) found.set(path, headers);
      }
    }
  };
  walk(MODULES);
  return found;
}

describe('CSV headers in the recipient’s language (decision 052)', () => {
  const files = headersByFile();

  it('translates every header an export names, into every language', () => {
    expect(files.size).toBeGreaterThan(5);
    const missing = [...files.values()].flat().filter((header) => !CSV_HEADERS[header]);
    expect(missing).toEqual([]);
  });

  it('keeps the headers of one file apart in every language, so no two columns read the same', () => {
    for (const locale of LOCALES) {
      for (const [file, headers] of files) {
        const shown = [...new Set(headers)].map((header) => csvHeader(header, locale));
        expect(new Set(shown).size, `${locale}: ${file}`).toBe(shown.length);
      }
    }
  });

  it('writes English as the source, and an unknown header as it is', () => {
    expect(csvHeader('Product code', 'en')).toBe('Product code');
    expect(csvHeader('Product code', 'de')).toBe('Produktcode');
    expect(csvHeader('Product code', 'ja')).toBe('製品コード');
    expect(csvHeader('Not a header', 'fr')).toBe('Not a header');
  });
});
