import path from 'node:path';
import ts from 'typescript';

/**
 * No import circle at all: like import-x/no-cycle, but type-only imports (`import type`,
 * `import { type X }`, `import('x').T`) and dynamic imports count too, because a circle of types
 * still ties two files together (import-x/no-cycle skips type imports and has no option to count
 * them). Reads each file's imports with TypeScript's pre-processor and resolves them with the
 * linted project's compiler options, so `@/` paths resolve as the compiler resolves them. Needs
 * type-aware linting (the project's program); files linted without one are skipped. Packages
 * (anything resolved from node_modules) are leaves.
 */

/** Per TypeScript program: file -> the project files it imports, in source order. */
const graphs = new WeakMap();

function graphOf(program) {
  let graph = graphs.get(program);
  if (!graph) {
    graph = {
      options: program.getCompilerOptions(),
      cache: ts.createModuleResolutionCache(
        program.getCurrentDirectory(),
        (name) => name,
        program.getCompilerOptions(),
      ),
      edges: new Map(),
    };
    graphs.set(program, graph);
  }
  return graph;
}

function importsOf(graph, program, fileName) {
  let edges = graph.edges.get(fileName);
  if (edges) return edges;
  edges = importsIn(graph, fileName, program.getSourceFile(fileName)?.text ?? ts.sys.readFile(fileName) ?? '');
  graph.edges.set(fileName, edges);
  return edges;
}

/** The project files that `text` (the source of `fileName`) imports, in source order. */
function importsIn(graph, fileName, text) {
  const edges = [];
  for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
    const { resolvedModule } = ts.resolveModuleName(imported.fileName, fileName, graph.options, ts.sys, graph.cache);
    if (!resolvedModule || resolvedModule.isExternalLibraryImport) continue;
    const target = path.resolve(resolvedModule.resolvedFileName);
    if (target.includes(`${path.sep}node_modules${path.sep}`) || target.endsWith('.d.ts')) continue;
    edges.push({ target, specifier: imported.fileName, pos: imported.pos, end: imported.end });
  }
  return edges;
}

/** The shortest chain of imports from `start` back to `goal`, or undefined. */
function pathBack(graph, program, start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const { target } of importsOf(graph, program, file)) {
      if (target === goal) {
        const chain = [file];
        for (let at = cameFrom.get(file); at !== undefined; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles, type-only and dynamic imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}.' },
  },
  create(context) {
    const program = context.sourceCode.parserServices?.program;
    if (!program) return {};
    const fileName = path.resolve(context.physicalFilename);
    const graph = graphOf(program);
    const relative = (file) => path.relative(program.getCurrentDirectory(), file);
    return {
      'Program:exit'() {
        const reported = new Set();
        // The linted text, not the file on disk: an editor's unsaved buffer or a lint of text.
        for (const edge of importsIn(graph, fileName, context.sourceCode.text)) {
          if (reported.has(edge.target)) continue;
          const chain = pathBack(graph, program, edge.target, fileName);
          if (!chain) continue;
          reported.add(edge.target);
          context.report({
            loc: {
              start: context.sourceCode.getLocFromIndex(edge.pos),
              end: context.sourceCode.getLocFromIndex(edge.end),
            },
            messageId: 'cycle',
            data: { chain: [fileName, ...chain, fileName].map(relative).join(' -> ') },
          });
        }
      },
    };
  },
};
