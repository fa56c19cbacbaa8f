import { sql } from 'drizzle-orm';
import type { ConsumptionSeries } from '@portal/contracts/charts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Principal } from '../../core/session';
import { movements } from '../../db/schema';
import { visibleMovements } from './movements.queries';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day that holds the instant. */
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * `GET /LicenseMovement/consumption`: units consumed per UTC day and product over the last `days`
 * days (today included), from the Consume movements the caller's movement list shows (the same
 * scope, `visibleMovements`). One grouped query: the days come from generate_series, so a day
 * without a movement is a row with no product and counts 0.
 */
export async function consumptionSeries(
  db: Database,
  principal: Principal,
  days: number,
  now: Date,
): Promise<ConsumptionSeries> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = dayOf(new Date(today - (days - 1) * DAY_MS));
  const to = dayOf(new Date(today));
  const visible = visibleMovements(principal) ?? sql`true`;
  const answer: unknown = await db.execute(sql`
    WITH consumed AS (
      SELECT (${movements.createdAt} AT TIME ZONE 'UTC')::date AS day, ${movements.productCode} AS product_code,
        (-sum(${movements.quantity}))::int AS units
      FROM ${movements}
      WHERE ${movements.action} = 'Consume'
        AND ${movements.createdAt} >= ${`${from}T00:00:00Z`}::timestamptz
        AND ${movements.createdAt} < ${new Date(today + DAY_MS).toISOString()}::timestamptz
        AND ${visible}
      GROUP BY 1, 2
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, c.product_code, p.name AS product_name, coalesce(c.units, 0) AS units
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day)
    LEFT JOIN consumed c ON c.day = d.day::date
    LEFT JOIN products p ON p.code = c.product_code
    ORDER BY d.day, c.product_code`);
  const rows = rowsOf<{ day: string; product_code: string | null; product_name: string | null; units: number }>(answer);

  const products = new Map<string, { productCode: string; productName: string; units: number }>();
  for (const row of rows) {
    if (row.product_code === null) continue;
    const product = products.get(row.product_code) ?? {
      productCode: row.product_code,
      productName: row.product_name ?? row.product_code,
      units: 0,
    };
    product.units += Number(row.units);
    products.set(row.product_code, product);
  }
  const ordered = [...products.values()].sort(
    (a, b) => b.units - a.units || a.productCode.localeCompare(b.productCode),
  );
  const zero = () => Object.fromEntries(ordered.map((p) => [p.productCode, 0])) as Record<string, number>;
  const points = new Map<string, ConsumptionSeries['points'][number]>();
  for (const row of rows) {
    const point = points.get(row.day) ?? { date: row.day, total: 0, byProduct: zero() };
    if (row.product_code !== null) {
      point.byProduct[row.product_code] = Number(row.units);
      point.total += Number(row.units);
    }
    points.set(row.day, point);
  }
  return { days, from, to, products: ordered, points: [...points.values()] };
}
