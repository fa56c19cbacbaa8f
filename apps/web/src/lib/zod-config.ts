/**
 * The server's Content Security Policy forbids `eval`. zod compiles object parsers with
 * `new Function` unless told not to, and even its probe for that is reported as a CSP violation,
 * so it runs jitless. zod keeps its settings on `globalThis.__zod_globalConfig` (its `config()`
 * writes there, and it adopts an object already present), so this is set before zod loads
 * without importing zod: its core would cost the lean login page ~4 KB gzip of its budget.
 * zod-config.test.ts checks that zod still honours it. Imported first by main.tsx.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
