import { desc, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { auditEvents } from '../src/db/schema';

/** Reads an RFC 4180 file back into rows (quoted cells, doubled quotes, CRLF), for the export tests. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The body of a CSV answer without its byte order mark, which it must begin with. */
export function withoutBom(body: Buffer): string {
  if (body[0] !== 0xef || body[1] !== 0xbb || body[2] !== 0xbf) throw new Error('no UTF-8 byte order mark');
  return body.subarray(3).toString('utf8');
}

/** The trail's `data.export` rows (decision 024), newest first: which table, with which filters. */
export async function exportAudits(db: Database) {
  return db.select().from(auditEvents).where(eq(auditEvents.action, 'data.export')).orderBy(desc(auditEvents.id));
}
