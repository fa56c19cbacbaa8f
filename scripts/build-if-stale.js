// Builds the web app (apps/web/dist) and the server (apps/server/dist/main.js) unless the build on
// disk was made from exactly the sources there now. `npm start` runs it, so a second start reuses
// both builds.
//
//   node scripts/build-if-stale.js [web] [server] [--force]
//
// Staleness is a content hash, not mtimes: the hash of every input file (path and bytes), the build
// settings in this script, and for the web app the VITE_* variables it reads at build time. It is
// kept in node_modules/.cache/portal-build/<target>.json with the output's mtime, so an output
// rebuilt or replaced by other means is built again too. Decision 022.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const stampDir = at('node_modules', '.cache', 'portal-build');

/** Tests, notes and what a build writes are no input of a build. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'coverage']);
const skippedFile = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name) || name.endsWith('.md');

/** Files under `dir` (relative to the repository), sorted. */
function filesUnder(dir) {
  const out = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(at(rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child);
      } else if (entry.isFile() && !skippedFile(entry.name)) {
        out.push(child);
      }
    }
  };
  walk(dir);
  return out.sort();
}

/** What the shared contracts and the lock file contribute to both builds. */
const SHARED_INPUTS = ['packages/contracts', 'package-lock.json', 'tsconfig.base.json', 'scripts/build-if-stale.js'];

const TARGETS = {
  web: {
    inputs: ['apps/web', ...SHARED_INPUTS],
    // Read by the web app at build time (apps/web/src/lib/links.ts).
    env: () =>
      Object.entries(process.env)
        .filter(([name]) => name.startsWith('VITE_'))
        .sort(([a], [b]) => a.localeCompare(b)),
    output: 'apps/web/dist/index.html',
    build: () => {
      const run = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
      if (run.status !== 0) throw new Error('The web app did not build (npm run build -w apps/web).');
    },
  },
  server: {
    inputs: ['apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.json', ...SHARED_INPUTS],
    env: () => [],
    output: 'apps/server/dist/main.js',
    build: buildServer,
  },
};

/**
 * Packages that stay imports of node_modules at run time: they load files next to their own code
 * (PGlite its WebAssembly and data, pdfkit its fonts, swagger-ui its pages, @fastify/swagger its
 * package.json) or are native (argon2); pg-native is pg's optional native driver, never installed.
 * Every other package is bundled: resolving and loading about a thousand files of node_modules took
 * half of a cold start (decision 022).
 */
const SERVER_EXTERNAL = new Set([
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pdfkit',
  '@fastify/static',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pg-native',
  // Starts its threads from its own dist/worker.js, found next to its code.
  'piscina',
]);

/** `drizzle-orm/pglite` is the package drizzle-orm, `@fastify/static/x` the package @fastify/static. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * apps/server/src/main.ts and what it imports, the workspace's @portal/* packages (which export
 * TypeScript) and the pure-JavaScript packages included, in one ES module for Node 24.
 */
async function buildServer() {
  const esbuild = await import('esbuild');
  const { builtinModules } = await import('node:module');
  const manifest = JSON.parse(fs.readFileSync(at('apps/server/package.json'), 'utf8'));
  const declared = new Set(Object.keys(manifest.dependencies));
  const undeclared = new Set();
  const result = await esbuild.build({
    // The worker threads' entry (decision 039) is a bundle of its own beside main.js: dist/worker.js.
    entryPoints: { main: at('apps/server/src/main.ts'), worker: at('apps/server/src/worker.ts') },
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outdir: at('apps/server/dist'),
    // CommonJS packages inside an ES module still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    // For `node --enable-source-maps` when a stack should name the sources (not on by default: it
    // costs a third of a second at every start).
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    plugins: [
      {
        name: 'portal-externals',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            const name = packageName(args.path);
            const builtin = name.startsWith('node:') || builtinModules.includes(name);
            // The portal's own code may import only what apps/server declares: the production image
            // installs those dependencies and no others.
            const ours = !args.importer.includes(`${path.sep}node_modules${path.sep}`);
            if (ours && !builtin && !name.startsWith('@portal/') && !declared.has(name)) undeclared.add(name);
            return SERVER_EXTERNAL.has(name) ? { path: args.path, external: true } : undefined;
          });
        },
      },
    ],
  });
  if (undeclared.size > 0) {
    throw new Error(`apps/server imports packages its package.json does not list: ${[...undeclared].join(', ')}`);
  }
  // Written next to their final names, then renamed: a server starting meanwhile never reads half a file.
  fs.mkdirSync(at('apps/server/dist'), { recursive: true });
  const files = result.outputFiles.map((file) => ({ file, temp: `${file.path}.${process.pid}.tmp` }));
  for (const { file, temp } of files) fs.writeFileSync(temp, file.contents);
  // The maps first (each .js names its map), and main.js last: it starts worker.js.
  const rank = (file) => (file.path.endsWith('.map') ? 0 : file.path.endsWith('main.js') ? 2 : 1);
  files.sort((a, b) => rank(a.file) - rank(b.file));
  for (const { file, temp } of files) fs.renameSync(temp, file.path);
}

function inputHash(target) {
  const hash = createHash('sha256');
  for (const input of target.inputs) {
    const files = fs.statSync(at(input)).isDirectory() ? filesUnder(input) : [input];
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(at(file)));
      hash.update('\0');
    }
  }
  for (const [name, value] of target.env()) hash.update(`env ${name}=${value}\0`);
  return hash.digest('hex');
}

const outputMtime = (target) => {
  try {
    return fs.statSync(at(target.output)).mtimeMs;
  } catch {
    return undefined;
  }
};

function readStamp(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(stampDir, `${name}.json`), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Builds `name` unless its stamp matches; returns whether it built. */
export async function buildIfStale(name, { force = false } = {}) {
  const target = TARGETS[name];
  if (!target) throw new Error(`Unknown build target: ${name} (web or server)`);
  const inputs = inputHash(target);
  const stamp = readStamp(name);
  const mtime = outputMtime(target);
  if (!force && stamp && mtime !== undefined && stamp.inputs === inputs && stamp.outputMtime === mtime) {
    return false;
  }
  const started = performance.now();
  await target.build();
  fs.mkdirSync(stampDir, { recursive: true });
  fs.writeFileSync(path.join(stampDir, `${name}.json`), JSON.stringify({ inputs, outputMtime: outputMtime(target) }));
  process.stdout.write(`${target.output}: built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const named = args.filter((arg) => !arg.startsWith('--'));
  const quiet = args.includes('--quiet');
  try {
    for (const name of named.length > 0 ? named : ['web', 'server']) {
      const built = await buildIfStale(name, { force });
      if (!built && !quiet) process.stdout.write(`${TARGETS[name].output}: up to date, build skipped\n`);
    }
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
