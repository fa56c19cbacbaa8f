import { eq } from 'drizzle-orm';
import { type CreatedLicense, type CreateLicenseInput, lotTerm } from '@portal/contracts/licenses';
import type { Database } from '../../db/client';
import { type Account, products } from '../../db/schema';
import { refuseField as refuse } from '../../core/errors';
import { findAccountByEmail } from '../../core/email';
import type { Principal } from '../../core/session';
import type { MailQueue } from '../../core/mail-outbox';
import { hashPassword } from '../../lib/passwords';
import { newToken } from '../../lib/tokens';
import { insertAccount } from '../accounts';
import { sendEmailValidation } from '../email-validation';
import { issueChildLot, issueLot } from '../stock';

export const OUTSIDE_ORGANISATION = 'This email belongs to an account outside your organisation.';
export const NOT_YOUR_USER =
  'This email belongs to an account that is not one of your own users: only they can receive your licenses.';
export const NOT_TO_YOURSELF = 'You cannot create a license for your own account.';

export interface LicenseDeps {
  db: Database;
  mail: MailQueue;
  publicUrl: string;
}

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
 * Create License (decisions 015 and 029). A SuperAdmin issues a new lot to the customer, creating the
 * customer as a top-level Admin when no account has the email. An Admin cannot create units: it
 * issues a new lot drawn from one lot it holds (same product, edition and usage type, a term within
 * the held lot's) to one of its own users, creating it as its child Admin when new. Account, mail and
 * stock change together or not at all.
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
        sourceLicenseId: null,
        groupKey: issued.groupKey,
        customerId: account.id,
        customerCreated,
        quantity: input.totalCount,
      };
    });
  }
  const term = lotTerm(input);
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
    const issued = await issueChildLot(tx, {
      actorId: principal.accountId,
      customerId: account.id,
      sourceLicenseId: input.sourceLicenseId,
      productCode: product.code,
      edition: input.licenseTypeName,
      usageType: input.usageType,
      durationType: input.durationType,
      startDate: new Date(input.startDate),
      expiryDate: term.expiryDate,
      durationDays: term.durationDays,
      endField: input.expiryDate ? 'expiryDate' : 'duration',
      totalCount: input.totalCount,
      floatingTimeLimit: input.floatingTimeLimit,
      orderId: input.orderId,
      externalRefCode: input.externalRefCode,
      now,
    });
    return {
      licenseId: issued.licenseId,
      sourceLicenseId: issued.sourceLicenseId,
      groupKey: issued.groupKey,
      customerId: account.id,
      customerCreated,
      quantity: input.totalCount,
    };
  });
}
