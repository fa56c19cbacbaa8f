import { config } from 'zod/v4/core';

/**
 * The server's Content Security Policy forbids `eval`. zod compiles object parsers with
 * `new Function` unless told not to, and even its probe for that is reported as a CSP violation,
 * so it is switched off before any schema is built: this module is the first import of main.tsx.
 */
config({ jitless: true });
