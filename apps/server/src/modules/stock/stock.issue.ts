import { type CreateLicenseInput, lotTerm } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { accounts, licenses, stock } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { badRequest, notFound } from '../../core/errors';
import { writeMovement } from './stock.ledger';
import { defaultPoolOf, productOf } from './stock.targets';

export type LotInput = Omit<CreateLicenseInput, 'customerEmail' | 'customerName'>;

export interface IssuedLot {
  licenseId: string;
  groupKey: string;
  movementId: string;
}

/**
 * A SuperAdmin's Create License: a new lot whose units land as available stock in the customer's
 * Default pool, with its Issue movement, in one transaction. (An Admin cannot create units; its
 * Create License draws a child lot from one it holds: issueChildLot, decision 029.)
 */
export async function issueLot(
  db: Database,
  input: { actorId: string; customerId: string; lot: LotInput; now: Date },
): Promise<IssuedLot> {
  const { lot } = input;
  return db.transaction(async (tx) => {
    const product = await productOf(tx, lot.productCode);
    if (!product.editions.includes(lot.licenseTypeName)) {
      const message = `${product.name} has no edition ${lot.licenseTypeName}.`;
      throw badRequest(message, [{ field: 'licenseTypeName', message }]);
    }
    const [customer] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, input.customerId));
    if (!customer) throw notFound('No such user.');
    const poolId = await defaultPoolOf(tx, input.customerId);
    const term = lotTerm(lot);
    const [row] = await tx
      .insert(licenses)
      .values({
        productCode: product.code,
        edition: lot.licenseTypeName,
        durationType: lot.durationType,
        usageType: lot.usageType,
        customerId: input.customerId,
        startDate: new Date(lot.startDate),
        expiryDate: term.expiryDate,
        durationDays: term.durationDays,
        totalCount: lot.totalCount,
        floatingTimeLimit: lot.floatingTimeLimit ?? null,
        orderId: lot.orderId ?? null,
        externalRefCode: lot.externalRefCode ?? null,
        createdBy: input.actorId,
        createdAt: input.now,
      })
      .returning({ id: licenses.id, groupKey: licenses.groupKey });
    if (!row) throw new Error('license insert returned nothing');
    await tx.insert(stock).values({ poolId, licenseId: row.id });
    const movementId = await writeMovement(
      tx,
      {
        action: 'Issue',
        productCode: product.code,
        groupKey: row.groupKey,
        quantity: lot.totalCount,
        sourcePoolId: null,
        targetName: customer.name,
        targetType: 'User',
        targetId: input.customerId,
        actorId: input.actorId,
        createdAt: input.now,
      },
      [{ poolId, licenseId: row.id, dAvailable: lot.totalCount }],
    );
    return { licenseId: row.id, groupKey: row.groupKey, movementId };
  });
}
