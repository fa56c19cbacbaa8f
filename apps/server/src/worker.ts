// The entry of the worker threads (core/cpu-pool.ts, decision 039): each named export is a task.
// Like app.ts it stands above the modules, and it reaches into two of them past their index.ts on
// purpose: a thread loads the layout and zxcvbn alone, not the modules' routes and the database.
// The bundle builds it beside main.js as dist/worker.js (scripts/build-if-stale.js).
export { jobPdf } from './modules/reports/reports.pdf-worker';
export { passwordStrengthTask as passwordStrength } from './modules/passwords/password-policy';
