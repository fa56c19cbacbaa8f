import type { FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../../core/principal';
import type { Database } from '../../db/client';
import { type CsvColumn, exportFilters, type RowBatches, sendCsv } from '../../lib/csv';
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
  await recordAudit(db, request, 'data.export', 'success', principalOf(request).accountId, file.now, {
    ...exportFilters(file.filters),
    target: file.what,
  });
  return sendCsv(reply, request.log, file, columns, batches);
}
