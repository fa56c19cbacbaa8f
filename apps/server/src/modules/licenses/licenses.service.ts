import { and, eq, gt, min } from 'drizzle-orm';
import { type CreatedLicense, type CreateLicenseInput, groupKeyOf, lotTerm } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { type Account, licenses, movementLines, products } from '../../db/schema';
import { AppError, badRequest } from '../../core/errors';
import { findAccountByEmail } from '../../core/email';
import type { Principal } from '../../core/session';
import type { MailQueue } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { newToken } from '../../lib/tokens';
import { insertAccount } from '../accounts';
import { sendEmailValidation } from '../email-validation';
import { InsufficientStockError, issueFromStock, issueLot } from '../stock';

export const OUTSIDE_ORGANISATION = 'This email belongs to an account outside your organisation.';
export const NOT_YOUR_USER =
  'This email belongs to an account that is not one of your own users: only they can receive your licenses.';
export const NOT_TO_YOURSELF = 'You cannot create a license for your own account.';

export interface LicenseDeps {
  db: Database;
  mail: MailQueue;
  publicUrl: string;
}

const refuse = (status: number, field: string, message: string) => new AppError(status, message, [{ field, message }]);

/** The catalogue entry of the payload, or a 400 naming the field that is wrong. */
async function catalogueEntry(db: Database, input: CreateLicenseInput) {
  const [product] = await db.select().from(products).where(eq(products.code, input.productCode));
  if (!product) throw refuse(400, 'productCode', `Unknown product code ${input.productCode}.`);
  if (!product.editions.includes(input.licenseTypeName))
    throw refuse(400, 'licenseTypeName', `${product.name} has no edition ${input.licenseTypeName}.`);
  return product;
}

/**
 * Finds the customer by email, or creates it (with its Default pool and the validation mail) in the
 * caller's transaction. `check` refuses an existing account the caller may not issue to.
 */
async function customerFor(
  tx: Database,
  deps: LicenseDeps,
  input: CreateLicenseInput,
  created: { roles: ['Admin']; parentId: string | null; passwordHash: string | undefined },
  check: (account: Account) => void,
  now: Date,
): Promise<{ account: Pick<Account, 'id' | 'name' | 'email'>; customerCreated: boolean }> {
  const existing = await findAccountByEmail(tx, input.customerEmail);
  if (existing) {
    check(existing);
    return { account: existing, customerCreated: false };
  }
  const account = await insertAccount(tx, {
    email: input.customerEmail,
    name: input.customerName,
    roles: created.roles,
    parentId: created.parentId,
    passwordHash: created.passwordHash,
    now,
  });
  await sendEmailValidation(tx, deps.mail, deps.publicUrl, account, now);
  return { account, customerCreated: true };
}

/** An unusable password for an account that may be created: hashed before the transaction opens. */
async function passwordFor(db: Database, email: string): Promise<string | undefined> {
  return (await findAccountByEmail(db, email)) ? undefined : hashPassword(newToken());
}

/**
 * Create License (decision 015). A SuperAdmin issues a new lot to the customer, creating the
 * customer as a top-level Admin when no account has the email. An Admin cannot create units: it
 * hands units of its own stock of the product group on to one of its own users (creating it as its
 * child Admin when new). Account, mail and stock change together or not at all.
 */
export async function createLicense(
  deps: LicenseDeps,
  principal: Principal,
  input: CreateLicenseInput,
  now: Date,
): Promise<CreatedLicense> {
  const product = await catalogueEntry(deps.db, input);
  const passwordHash = await passwordFor(deps.db, input.customerEmail);
  if (principal.roles.includes('SuperAdmin')) {
    return deps.db.transaction(async (tx) => {
      const { account, customerCreated } = await customerFor(
        tx,
        deps,
        input,
        { roles: ['Admin'], parentId: null, passwordHash },
        () => undefined,
        now,
      );
      const { customerEmail: _email, customerName: _name, ...lot } = input;
      const issued = await issueLot(tx, { actorId: principal.accountId, customerId: account.id, lot, now });
      return {
        licenseId: issued.licenseId,
        groupKey: issued.groupKey,
        customerId: account.id,
        customerCreated,
        quantity: input.totalCount,
      };
    });
  }
  const term = lotTerm(input);
  const groupKey = groupKeyOf({
    productCode: product.code,
    edition: input.licenseTypeName,
    durationType: input.durationType,
    durationDays: term.durationDays,
    usageType: input.usageType,
  });
  const label = `${product.name} (${input.licenseTypeName})`;
  return deps.db.transaction(async (tx) => {
    const { account, customerCreated } = await customerFor(
      tx,
      deps,
      input,
      { roles: ['Admin'], parentId: principal.accountId, passwordHash },
      (existing) => {
        if (existing.id === principal.accountId) throw refuse(409, 'customerEmail', NOT_TO_YOURSELF);
        if (existing.parentId === principal.accountId) return;
        throw refuse(409, 'customerEmail', existing.parentId ? NOT_YOUR_USER : OUTSIDE_ORGANISATION);
      },
      now,
    );
    let movementId: string | null;
    try {
      const handed = await issueFromStock(tx, {
        actorId: principal.accountId,
        customerId: account.id,
        item: { groupKey, productCode: product.code, quantity: input.totalCount },
        now,
      });
      movementId = handed.items[0]?.movementId ?? null;
    } catch (error) {
      if (error instanceof InsufficientStockError) {
        const message =
          error.available === 0
            ? `No ${label} licenses are available.`
            : `Only ${error.available} ${label} ${error.available === 1 ? 'license is' : 'licenses are'} available.`;
        throw refuse(409, 'totalCount', message);
      }
      throw error;
    }
    if (term.expiryDate && movementId) await refuseLaterExpiry(tx, movementId, term.expiryDate, input);
    return { licenseId: null, groupKey, customerId: account.id, customerCreated, quantity: input.totalCount };
  });
}

/**
 * An Admin cannot extend what it hands on: an expiry (typed, or implied by start and duration)
 * later than the soonest expiry of the lots that were taken is refused, and the transaction with it.
 */
async function refuseLaterExpiry(tx: Database, movementId: string, asked: Date, input: CreateLicenseInput) {
  const [taken] = await tx
    .select({ soonest: min(licenses.expiryDate) })
    .from(movementLines)
    .innerJoin(licenses, eq(licenses.id, movementLines.licenseId))
    .where(and(eq(movementLines.movementId, movementId), gt(movementLines.dAvailable, 0)));
  const soonest = taken?.soonest ? new Date(taken.soonest) : null;
  if (!soonest || asked.getTime() <= soonest.getTime()) return;
  const field = input.expiryDate ? 'expiryDate' : 'duration';
  const day = soonest.toISOString().slice(0, 10);
  const message = input.expiryDate
    ? `Expiry date cannot be later than the licenses you hand on: they expire on ${day}.`
    : `Duration would end after the licenses you hand on: they expire on ${day}.`;
  throw badRequest(message, [{ field, message }]);
}
