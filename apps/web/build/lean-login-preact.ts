import { readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';

/**
 * The lean login page renders with Preact through preact/compat; the full app keeps React
 * (docs/decisions/043-lean-login-on-preact.md). In the one build, every module that the lean entry
 * reaches gets a copy of its own, named `<file>.preact.<ext>` (read from `<file>.<ext>`), whose
 * imports resolve to copies too and whose `react`, `react-dom` and JSX runtime resolve to Preact's.
 * Two modules are never copied: the entry's own (src/main.tsx and what it imports before choosing,
 * which both pages run once), and Preact. So no chunk holds both renderers' code, and the build
 * fails if the lean entry's chunks, loaded at once or on demand, reach any module that is not a
 * copy: React among them.
 */

/** What React's names stand for in the lean graph. */
export const REACT_TO_PREACT: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react/compiler-runtime': 'preact/compat/compiler-runtime',
  scheduler: 'preact/compat/scheduler',
};

const MARK = '.preact';
const SCRIPT = /\.(?:[cm]?[jt]sx?)$/;
const LEAN = /\.preact(\.[cm]?[jt]sx?)$/;
const PREACT = /node_modules[\\/]preact[\\/]/;
const REACT = /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;

/** A module of the lean graph: a copy, `<file>.preact.<ext>`. */
export const isLeanId = (id: string): boolean => LEAN.test(id);
/** The file a module is read from: a copy's original, or the id itself. */
export const fileOf = (id: string): string => id.replace(LEAN, '$1');
const toLeanId = (id: string) => id.replace(SCRIPT, (ext) => `${MARK}${ext}`);

type Options = {
  /** The module that picks the login page or the app (src/main.tsx): it and its static imports stay shared. */
  entry: RegExp;
  /** The import in `entry` that starts the lean graph (`./app/login-entry`). */
  leanEntryRequest: string;
  /** What `react-dom/client` is in the lean graph: preact/compat's, with React's `onChange` (src/app/preact-client.ts). */
  reactDomClient: string;
};

/** Static import specifiers of a script (type-only ones left out): enough to find the entry's own modules. */
function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/\b(?:import|export)\s+(type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g)) {
    if (!match[1]) found.push(match[2]!);
  }
  for (const match of code.matchAll(/\bimport\s*['"]([^'"]+)['"]/g)) found.push(match[1]!);
  return found;
}

export function leanLoginPreact({ entry, leanEntryRequest, reactDomClient }: Options): Plugin {
  const aliases: Record<string, string> = { ...REACT_TO_PREACT, 'react-dom/client': reactDomClient };
  /** src/main.tsx and the modules it imports statically: one copy, which both pages run. */
  let shared: Promise<Set<string>> | undefined;
  /** The lean graph's entry (`login-entry.preact.tsx`), where the check of the bundle starts. */
  const leanEntries = new Set<string>();

  async function sharedModules(context: Rollup.PluginContext, entryId: string): Promise<Set<string>> {
    const seen = new Set<string>([entryId]);
    const queue = [entryId];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (!SCRIPT.test(id)) continue;
      for (const request of staticImports(readFileSync(id, 'utf8'))) {
        const resolved = await context.resolve(request, id, { skipSelf: true });
        if (resolved && !resolved.external && !seen.has(resolved.id)) {
          seen.add(resolved.id);
          queue.push(resolved.id);
        }
      }
    }
    return seen;
  }

  const copies = (id: string, sharedIds: Set<string>) =>
    SCRIPT.test(id) && !id.startsWith('\0') && !id.includes('?') && !PREACT.test(id) && !sharedIds.has(id);

  return {
    name: 'lean-login-preact',
    apply: 'build',
    // Before Vite's resolver, which would answer the lean graph's imports with the app's modules.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const fromLean = isLeanId(importer);
      const startsLean = !fromLean && entry.test(importer) && source === leanEntryRequest;
      if (!fromLean && !startsLean) return null;
      const from = fileOf(importer);
      if (startsLean) shared ??= sharedModules(this, importer);
      const resolved = await this.resolve(fromLean ? (aliases[source] ?? source) : source, from, {
        ...options,
        skipSelf: true,
      });
      if (!resolved || resolved.external) return resolved;
      if (!copies(resolved.id, await shared!)) return resolved;
      const id = toLeanId(resolved.id);
      if (startsLean) leanEntries.add(id);
      return { ...resolved, id };
    },
    load(id) {
      if (!isLeanId(id)) return null;
      return readFileSync(fileOf(id), 'utf8');
    },
    async generateBundle(_options, bundle) {
      const sharedIds = await (shared ?? Promise.resolve(new Set<string>()));
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const leanEntry = chunks.find((chunk) => chunk.moduleIds.some((id) => leanEntries.has(id)));
      if (!leanEntry) return this.error('lean-login-preact: the lean login entry is not in the bundle.');
      const reached = new Set<string>([leanEntry.fileName]);
      const queue = [leanEntry];
      while (queue.length > 0) {
        const chunk = queue.pop()!;
        // src/main.tsx's own import of the full app is not the lean page's.
        const onDemand = chunk.moduleIds.some((id) => entry.test(id)) ? [] : chunk.dynamicImports;
        for (const name of [...chunk.imports, ...onDemand]) {
          const next = byName.get(name);
          if (next && !reached.has(name)) {
            reached.add(name);
            queue.push(next);
          }
        }
      }
      const foreign = [...reached].flatMap((name) =>
        byName
          .get(name)!
          .moduleIds.filter((id) => REACT.test(id) || (!isLeanId(id) && copies(id, sharedIds)))
          .map((id) => `${name}: ${id}`),
      );
      if (foreign.length > 0) {
        this.error(`lean-login-preact: the lean login page would load modules of the full app:\n${foreign.join('\n')}`);
      }
      // The other way: the full app never loads a chunk with the lean page's stylesheet. Loaded after
      // the app's, its copy of Tailwind's utilities (`hidden`) would override the app's responsive
      // ones (`md:flex`): a 1280 px screen in the phone layout.
      const cssOf = (chunk: Rollup.OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? [])];
      const leanCss = new Set([...reached].flatMap((name) => cssOf(byName.get(name)!)));
      const entryChunk = chunks.find((chunk) => chunk.moduleIds.some((id) => entry.test(id)));
      const appReached = new Set<string>();
      /** Which chunk first loads each: the error names the path. */
      const loadedBy = new Map<string, string>();
      const appQueue = (entryChunk ? [...entryChunk.imports, ...entryChunk.dynamicImports] : [])
        .filter((name) => name !== leanEntry.fileName)
        .map((name) => byName.get(name))
        .filter((chunk): chunk is Rollup.OutputChunk => chunk !== undefined);
      while (appQueue.length > 0) {
        const chunk = appQueue.pop()!;
        if (appReached.has(chunk.fileName)) continue;
        appReached.add(chunk.fileName);
        for (const name of [...chunk.imports, ...chunk.dynamicImports]) {
          const next = byName.get(name);
          // src/main.tsx's own choice of the lean page is not the app's.
          if (chunk === entryChunk && name === leanEntry.fileName) continue;
          if (next && !appReached.has(name)) {
            loadedBy.set(name, chunk.fileName);
            appQueue.push(next);
          }
        }
      }
      const leaking = [...appReached].flatMap((name) =>
        cssOf(byName.get(name)!)
          .filter((css) => leanCss.has(css) && !cssOf(entryChunk!).includes(css))
          .map((css) => {
            const path = [name];
            for (let by = loadedBy.get(name); by && !path.includes(by); by = loadedBy.get(by)) path.unshift(by);
            return `${path.join(' -> ')}: ${css}`;
          }),
      );
      if (leaking.length > 0) {
        this.error(
          `lean-login-preact: the full app would load the lean login page's stylesheet:\n${leaking.join('\n')}`,
        );
      }
    },
  };
}
