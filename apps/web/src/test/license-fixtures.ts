import {
  availableSummaryItemSchema,
  createdLicenseSchema,
  issuableLotSchema,
  licenseMovementSchema,
  licenseSchema,
  productSchema,
  usageReportRowSchema,
  type AvailableSummaryItem,
  type IssuableLot,
  type License,
  type LicenseMovement,
  type Product,
  type UsageReportRow,
} from '@portal/contracts/licenses';
import { ok } from './mock-api';

/*
 * Answers of the license calls, each parsed with its contract schema: a fixture that drifts from
 * the contract fails the test that builds it, not silently later.
 */

export function license(overrides: Partial<License> = {}): License {
  return licenseSchema.parse({
    id: 'lic-1',
    productCode: 'MBX',
    productName: 'Mailbox Migrator',
    productDescription: 'Moves mailboxes',
    edition: 'Enterprise',
    externalRefCode: null,
    durationType: 'Fixed',
    usageType: 'NodeLocked',
    customer: { name: 'Contoso Ltd', email: 'it@contoso.example' },
    startDate: '2026-01-10T12:00:00.000Z',
    expiryDate: '2027-01-10T12:00:00.000Z',
    duration: 365,
    totalCount: 25,
    floatingTimeLimit: null,
    orderId: 'PO-1001',
    groupKey: 'MBX|Enterprise|Fixed|365|NodeLocked',
    status: 'Active',
    createdAt: '2026-01-10T12:00:00.000Z',
    issuedBy: { name: 'Fabrikam Reseller', email: 'resale@fabrikam.example' },
    ...overrides,
  });
}

export function product(overrides: Partial<Product> = {}): Product {
  return productSchema.parse({
    code: 'MBX',
    name: 'Mailbox Migrator',
    description: 'Moves mailboxes',
    editions: ['Standard', 'Enterprise'],
    ...overrides,
  });
}

export function movement(overrides: Partial<LicenseMovement> = {}): LicenseMovement {
  return licenseMovementSchema.parse({
    id: 'mov-1',
    productCode: 'MBX',
    productName: 'Mailbox Migrator',
    quantityChange: -5,
    action: 'Allocate',
    sourcePoolName: 'Default Pool',
    targetName: 'Ann Lee',
    targetType: 'User',
    actorName: 'Dana Reyes',
    actorEmail: 'dana@contoso.example',
    apiKeyName: null,
    createdAt: '2026-02-03T12:04:05.000Z',
    ...overrides,
  });
}

export function usageRow(overrides: Partial<UsageReportRow> = {}): UsageReportRow {
  return usageReportRowSchema.parse({
    accountId: 'acc-1',
    accountName: 'Contoso Ltd',
    accountEmail: 'it@contoso.example',
    productCode: 'MBX',
    productName: 'Mailbox Migrator',
    totalLicenses: 40,
    consumedLicenses: 12,
    availableLicenses: 25,
    inTransitLicenses: 3,
    ...overrides,
  });
}

export function availableGroup(overrides: Partial<AvailableSummaryItem> = {}): AvailableSummaryItem {
  return availableSummaryItemSchema.parse({
    groupKey: 'MBX|Enterprise|-|Perpetual|NodeLockedForever',
    productCode: 'MBX',
    name: 'Mailbox Migrator',
    description: 'Moves mailboxes',
    edition: 'Enterprise',
    durationType: 'Perpetual',
    usageType: 'NodeLockedForever',
    duration: null,
    availableCount: 7,
    groupingFactors: { ProductCode: 'MBX', Duration: null, Edition: 'Enterprise' },
    ...overrides,
  });
}

/** The answer of `POST License`, with the server's notice. */
export function createdLicenseReply(message = 'License created successfully') {
  return ok(
    createdLicenseSchema.parse({
      licenseId: 'lic-2',
      sourceLicenseId: null,
      groupKey: 'MBX|Enterprise|Perpetual|-|NodeLockedForever',
      customerId: 'cust-1',
      customerCreated: true,
      quantity: 10,
    }),
    { message },
  );
}

/** A lot an Admin holds and can issue a new lot from (`GET /License/issuable`, decision 029). */
export function issuableLot(overrides: Partial<IssuableLot> = {}): IssuableLot {
  return issuableLotSchema.parse({
    licenseId: '0b0f7a36-8c1e-4c43-9b59-0d1c7a0e1f01',
    productCode: 'MBX',
    productName: 'Mailbox Migrator',
    edition: 'Standard',
    usageType: 'NodeLocked',
    durationType: 'Fixed',
    duration: 365,
    available: 166,
    startDate: '2026-11-20T09:00:00.000Z',
    expiryDate: '2027-11-20T09:00:00.000Z',
    ...overrides,
  });
}
