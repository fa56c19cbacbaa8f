/** The rows of a raw `db.execute(sql…)`: node-postgres answers `{ rows }`, PGlite's driver the same. */
export function rowsOf<T>(answer: unknown): T[] {
  return Array.isArray(answer) ? (answer as T[]) : ((answer as { rows: T[] }).rows ?? []);
}
