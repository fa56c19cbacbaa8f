// The entry of the worker threads (core/cpu-pool.ts, decision 039): each named export is a task.
// Like app.ts it stands above the modules, and it reaches into two of them past their index.ts on
// purpose: a thread loads the layout and zxcvbn alone, not the modules' routes and the database.
// The bundle builds it beside main.js as dist/worker.js (scripts/build-if-stale.js).
import type { PdfTask } from './modules/reports/reports.pdf-worker';

// Each task loads its code on its first call: a thread that only lays out PDFs never builds zxcvbn's
// dictionaries, and one that only checks passwords never loads pdfkit and its fonts.
export async function jobPdf(task: PdfTask): Promise<void> {
  const { jobPdf: layOut } = await import('./modules/reports/reports.pdf-worker');
  return layOut(task);
}

export async function passwordStrength(input: { password: string; userInputs: string[] }): Promise<string | null> {
  const { passwordStrengthTask } = await import('./modules/passwords/password-policy');
  return passwordStrengthTask(input);
}
