import { asc } from 'drizzle-orm';
import type { Product } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';

/** The product catalogue (migration 0007), by name. */
export async function listProducts(db: Database): Promise<Product[]> {
  return db
    .select({
      code: products.code,
      name: products.name,
      description: products.description,
      editions: products.editions,
    })
    .from(products)
    .orderBy(asc(products.name), asc(products.code));
}
