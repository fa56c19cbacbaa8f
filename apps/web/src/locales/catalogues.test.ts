import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@portal/contracts/locales';
import { describe, expect, it } from 'vitest';

/** A .po file's entries: each msgid and its msgstr, unescaped (the header's empty msgid left out). */
function entriesOf(folder: string, locale: string): [id: string, translation: string][] {
  const text = readFileSync(join(__dirname, folder, `${locale}.po`), 'utf8');
  const unquote = (quoted: string) => JSON.parse(quoted) as string;
  return [...text.matchAll(/^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm)]
    .map((match): [string, string] => [unquote(match[1]!), unquote(match[2]!)])
    .filter(([id]) => id !== '');
}

/** The ICU arguments a message names: {0}, {shownZone}, the plural's {rowCount}. */
const argumentsOf = (message: string) => [...message.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();

// `npm run lint` runs `lingui check sync`: the catalogues hold every message of the source.
// The shell's catalogue, then each lazy screen's area (lingui.config.ts).
describe.each([
  '',
  'settings',
  'users',
  'licensing',
  'lists',
  'stock',
  'reports',
  'integrations',
  'insight',
  'messages',
])('the interface catalogues %s (decision 052)', (folder) => {
  const source = entriesOf(folder, 'en');

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s translates every message, keeping its arguments',
    (locale) => {
      const translated = new Map(entriesOf(folder, locale));
      expect([...translated.keys()].sort()).toEqual(source.map(([id]) => id).sort());
      for (const [id, translation] of translated) {
        expect(translation, `${locale}: ${id}`).not.toBe('');
        expect(argumentsOf(translation), `${locale}: ${id}`).toEqual(argumentsOf(id));
      }
    },
  );
});
