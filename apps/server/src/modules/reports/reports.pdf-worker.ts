import type { MessagePort } from 'node:worker_threads';
import { type FolderLine, JobPdfRenderer, type MailboxLine, type PdfSetup } from './reports.pdf-render';

// The job PDF's side in a worker thread (decision 039): rows come in over a MessagePort, pdfkit
// lays them out here, and the bytes go back over the same port, a transferred buffer at a time.

/** From the request thread: the next rows, or the end of the document. */
export type ToPdfWorker =
  | { type: 'mailboxes'; rows: MailboxLine[] }
  | { type: 'folders'; mailboxes: MailboxLine[]; folders: FolderLine[] }
  | { type: 'end' };
/** To the request thread: bytes of the PDF, a batch laid out, the document done. */
export type FromPdfWorker = { type: 'bytes'; chunk: Uint8Array } | { type: 'laid' } | { type: 'done' };

export interface PdfTask {
  port: MessagePort;
  setup: PdfSetup;
}

/** pdfkit writes many small pieces: they go back in buffers of about this size, or at each batch's end. */
const FLUSH_BYTES = 64 * 1024;

/** Moves pdfkit's pieces to the port in few messages, each buffer transferred rather than copied. */
function bytesTo(port: MessagePort) {
  let pieces: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    const chunk = new Uint8Array(size);
    let at = 0;
    for (const piece of pieces) {
      chunk.set(piece, at);
      at += piece.length;
    }
    pieces = [];
    size = 0;
    port.postMessage({ type: 'bytes', chunk } satisfies FromPdfWorker, [chunk.buffer]);
  };
  const add = (piece: Buffer) => {
    pieces.push(piece);
    size += piece.length;
    if (size >= FLUSH_BYTES) flush();
  };
  return { add, flush };
}

/**
 * The task: lays out each message's rows as it comes, and answers `laid` after each, so the request
 * thread sends no more than the client takes. Ends when the document is done, or at once when the
 * request thread closes the port (the client went away).
 */
export function jobPdf({ port, setup }: PdfTask): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const bytes = bytesTo(port);
    const renderer = new JobPdfRenderer(setup, bytes.add);
    const fail = (error: unknown) => {
      port.close();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    port.on('close', () => resolve());
    port.on('message', (message: ToPdfWorker) => {
      try {
        if (message.type === 'mailboxes') renderer.mailboxes(message.rows);
        else if (message.type === 'folders') renderer.folders(message.mailboxes, message.folders);
        else {
          renderer.end().then(() => {
            bytes.flush();
            // The request thread closes the port once it has read this.
            port.postMessage({ type: 'done' } satisfies FromPdfWorker);
            resolve();
          }, fail);
          return;
        }
        bytes.flush();
        port.postMessage({ type: 'laid' } satisfies FromPdfWorker);
      } catch (error) {
        fail(error);
      }
    });
  });
}
