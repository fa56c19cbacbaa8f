import fs from 'node:fs';
import path from 'node:path';
import { legalFolder as legalDir } from '../paths';

export interface EulaDocument {
  version: string;
  title: string;
  text: string;
}

/**
 * The agreement in force: the newest `legal/eula-<version>.md` (versions are dates, so they sort).
 * Adding a newer file makes every account accept again.
 */
function loadCurrentEula(): EulaDocument {
  const files = fs
    .readdirSync(legalDir)
    .filter((f) => /^eula-[\w.-]+\.md$/.test(f))
    .sort();
  const newest = files.at(-1);
  if (!newest) throw new Error(`No EULA document in ${legalDir}`);
  const text = fs.readFileSync(path.join(legalDir, newest), 'utf8');
  const title = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? 'End-User License Agreement';
  return { version: newest.slice('eula-'.length, -'.md'.length), title, text };
}

export const CURRENT_EULA = loadCurrentEula();
