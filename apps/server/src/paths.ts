import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server, holding package.json, drizzle/ and legal/): the
 * nearest folder above this module with a package.json. Found by walking up rather than by a fixed
 * `..`, so that it is the same from the sources (src/paths.ts, run by tsx or vitest) and from the
 * bundle (dist/main.js, where import.meta.url is the bundle's own address).
 */
function findServerRoot(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

export const serverRoot = findServerRoot();

/** The committed SQL migrations (drizzle-kit's output folder). */
export const migrationsFolder = path.join(serverRoot, 'drizzle');

/** The EULA, one file per version. */
export const legalFolder = path.join(serverRoot, 'legal');

/** The built web app, when WEB_DIST_DIR does not name another. */
export const defaultWebDistDir = path.resolve(serverRoot, '../web/dist');
