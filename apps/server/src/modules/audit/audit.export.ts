import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@portal/contracts/endpoints';
import { principalOf } from '../../core/principal';
import type { Principal } from '../../core/session';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { type CsvColumn, exportFilters, type RowBatches, sendCsv } from '../../lib/csv';
import { csvHeader } from '../../lib/i18n/csv-headers';
import { localeOfRequest } from '../../lib/i18n/locale';
import { recordAudit } from './audit.writer';

/**
 * sendCsv, once the export is written to the audit trail (`data.export`, decision 024): by whom,
 * which table (the row's target) and with which filters (its detail). Call it once any scope
 * refusal is known (a 404 answers before this), so that a refused export leaves no export row.
 */
export async function sendAuditedCsv<T>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { what: string; now: Date; filters: Record<string, unknown> },
  columns: readonly CsvColumn<T>[],
  batches: RowBatches<T>,
) {
  const principal = principalOf(request);
  await recordAudit(db, request, 'data.export', 'success', principal.accountId, file.now, {
    ...exportFilters(file.filters),
    target: file.what,
  });
  // Headed in the caller's language (decision 052); the cells are data, as they are stored. An API
  // key's integration reads columns by name: its owner's language choice does not change them,
  // only an Accept-Language the integration sends itself.
  const locale = localeOfRequest(request, principal.apiKey ? null : principal.profile.locale);
  const headed = columns.map((column) => ({ ...column, header: csvHeader(column.header, locale) }));
  return sendCsv(reply, request.log, file, headed, batches);
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** What an export's rows are read with: the caller, the endpoint's validated query and path, the time. */
export interface CsvExportInput<E extends Endpoint> {
  principal: Principal;
  query: Parsed<E['query']>;
  params: Parsed<E['params']>;
  now: Date;
}

/** A CSV export: what the file holds (its name and the trail's target), its columns and its rows. */
export interface CsvExport<E extends Endpoint, T> {
  what: string | ((input: CsvExportInput<E>) => string);
  columns: readonly CsvColumn<T>[] | ((input: CsvExportInput<E>) => readonly CsvColumn<T>[]);
  /** The batches of rows; a scope refusal (a 404) is thrown here, before the trail's row. */
  rows: (input: CsvExportInput<E>) => RowBatches<T> | Promise<RowBatches<T>>;
}

/**
 * The handler of a CSV export route (decision 024): the rows, then the trail's `data.export` row with
 * the query and path as its filters, then the file, streamed. `endpoint` types the query and path.
 */
export function csvExportHandler<E extends Endpoint, T>(
  deps: { db: Database; clock: Clock },
  _endpoint: E,
  spec: CsvExport<E, T>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const input = {
      principal: principalOf(request),
      query: request.query ?? {},
      params: request.params ?? {},
      now: deps.clock.now(),
    } as CsvExportInput<E>;
    const batches = await spec.rows(input);
    const what = typeof spec.what === 'function' ? spec.what(input) : spec.what;
    const columns = typeof spec.columns === 'function' ? spec.columns(input) : spec.columns;
    const filters = { ...(input.params as object), ...(input.query as object) };
    return sendAuditedCsv(deps.db, request, reply, { what, now: input.now, filters }, columns, batches);
  };
}
