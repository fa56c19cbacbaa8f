import type { Plugin } from 'vite';

/**
 * Classic zod ships its JSON Schema generator inside every schema (about 6 KB gzip on each page
 * that parses an answer), and the web never converts a schema: the server writes the OpenAPI
 * document. In the web's build only, the generator's two modules become stubs that throw if ever
 * called; `aggregateChecks`, which the schemas' `minLength`, `maxLength` and `format` read, stays
 * (docs/decisions/041-login-page-at-80-kb.md). Unit tests run the real zod. A zod release that moves
 * these modules fails the build here, loudly, rather than shipping the generator again unnoticed.
 */
const PROCESSORS = /zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/;
const GENERATOR = /zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/;
/** The first line after `aggregateChecks` in zod 4.6's json-schema-processors.js. */
const AFTER_AGGREGATE_CHECKS = 'const formatMap = {';

const UNAVAILABLE = `const unavailable = () => { throw new Error('JSON Schema conversion is not part of the web bundle.'); };`;

function exportedNames(code: string): string[] {
  const names = new Set<string>();
  for (const match of code.matchAll(/^export (?:const|function|let|class) (\w+)/gm)) names.add(match[1]!);
  for (const match of code.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names];
}

const stubs = (names: string[]) => names.map((name) => `export const ${name} = unavailable;`).join('\n');

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    transform: {
      filter: { id: [PROCESSORS, GENERATOR] },
      handler(code, id) {
        if (GENERATOR.test(id)) return { code: `${UNAVAILABLE}\n${stubs(exportedNames(code))}\n`, map: null };
        const cut = code.indexOf(AFTER_AGGREGATE_CHECKS);
        if (cut < 0 || !/export function aggregateChecks\(/.test(code.slice(0, cut))) {
          throw new Error(`zod-without-json-schema: ${id} no longer has aggregateChecks before its processors.`);
        }
        const kept = code.slice(0, cut).replace(/^import \{[^}]*\} from "\.\/to-json-schema\.js";$/m, '');
        const dropped = exportedNames(code.slice(cut)).filter((name) => name !== 'aggregateChecks');
        return { code: `${kept}\n${UNAVAILABLE}\n${stubs(dropped)}\n`, map: null };
      },
    },
  };
}
