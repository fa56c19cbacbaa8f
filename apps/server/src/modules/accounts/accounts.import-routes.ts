import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_MAX_CHARS, type ImportRow } from '@portal/contracts/account-imports';
import { IMPORT_MSG } from '@portal/contracts/account-import-messages';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok, routeOf } from '../../core/endpoint';
import { paged } from '../../core/paging';
import { principalOf } from '../../core/principal';
import type { CsvColumn } from '../../lib/csv';
import { auditedChange, csvExportHandler } from '../audit';
import { applyImport, createImport, parseImportFile } from './accounts.import';
import { findImport, importRowBatches, importRows, listImports, summaryOf } from './accounts.import-queries';
import { DOCS } from './accounts.openapi';

const write = { permission: 'child-accounts:write' } as const;

/** The result file: the row as uploaded, then what became of it. */
const RESULT_COLUMNS: readonly CsvColumn<ImportRow>[] = [
  { header: 'Line', value: (r) => r.line },
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Role', value: (r) => r.role },
  { header: 'Pool', value: (r) => r.pool },
  { header: 'Products', value: (r) => r.products },
  { header: 'Status', value: (r) => r.status },
  { header: 'Message', value: (r) => r.message },
];

/** A half of a UTF-16 pair without its other half (a file name cut short) as U+FFFD: the trail stores it as JSON. */
const wellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A file as JSON text: the whole of the largest file allowed, its escapes and the envelope's fields. */
const UPLOAD_BODY_LIMIT = IMPORT_MAX_CHARS * 2 + 65_536;

/**
 * Importing users from CSV (decision 047): upload (the dry run), the rows, apply (queued for
 * AccountImportRunner), the progress and the result file. An Admin sees its own imports only.
 */
export const accountImportRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    ...routeOf(LAZY_ENDPOINTS.accountImports, DOCS.accountImports),
    config: write,
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      return paged(await listImports(db, principalOf(request), pageNumber, pageSize), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.createAccountImport, DOCS.createAccountImport),
    bodyLimit: UPLOAD_BODY_LIMIT,
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      const now = clock.now();
      const fileName = wellFormed(request.body.fileName);
      // The file is checked before the transaction; its rows and the trail's row commit together.
      const rows = await parseImportFile(request.body.csv);
      const id = await auditedChange(
        db,
        request,
        (tx) => createImport(tx, principal.accountId, { fileName, rows, ip: request.ip }, now),
        (made) => ({
          event: 'account.import-check',
          actor: principal.accountId,
          at: now,
          detail: { target: `import of ${fileName}`.slice(0, 200), import: made, rows: rows.length },
        }),
      );
      return ok(await summaryOf(db, await findImport(db, principal, id)));
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.accountImport, DOCS.accountImport),
    config: write,
    handler: async (request) => ok(await summaryOf(db, await findImport(db, principalOf(request), request.params.id))),
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.accountImportRows, DOCS.accountImportRows),
    config: write,
    handler: async (request) => {
      const record = await findImport(db, principalOf(request), request.params.id);
      const { pageNumber, pageSize } = request.query;
      return paged(await importRows(db, record.id, request.query), pageNumber, pageSize);
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.applyAccountImport, DOCS.applyAccountImport),
    config: write,
    handler: async (request) => {
      const principal = principalOf(request);
      const record = await findImport(db, principal, request.params.id);
      const now = clock.now();
      await auditedChange(
        db,
        request,
        (tx) => applyImport(tx, record, request.ip, now),
        (queued) => ({
          event: 'account.import',
          actor: principal.accountId,
          at: now,
          detail: { target: `import of ${record.fileName}`.slice(0, 200), import: record.id, rows: queued },
        }),
      );
      app.imports.kick();
      return ok(IMPORT_MSG.applied, await summaryOf(db, await findImport(db, principal, record.id)));
    },
  });

  app.route({
    ...routeOf(LAZY_ENDPOINTS.accountImportResult, DOCS.accountImportResult),
    config: write,
    handler: csvExportHandler(deps, LAZY_ENDPOINTS.accountImportResult, {
      what: 'user-import',
      columns: RESULT_COLUMNS,
      rows: async ({ principal, params }) => importRowBatches(db, (await findImport(db, principal, params.id)).id),
    }),
  });
};
