import { describe, expect, it } from 'vitest';
import { ALLOCATION_MSG, hasRepeatedGroup } from './allocations';
import { allocationRequestSchema, createLicenseSchema, groupKeyOf, lotTerm } from './licenses';

const issues = (
  schema: {
    safeParse(input: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
) => {
  const result = schema.safeParse(input);
  return result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
};

const license = {
  productCode: 'MBX',
  licenseTypeName: 'Standard',
  durationType: 'Fixed',
  usageType: 'NodeLocked',
  customerEmail: 'cust@example.com',
  customerName: 'Casey Customer',
  startDate: '2026-01-01T00:00:00.000Z',
  duration: 365,
  totalCount: 10,
};

describe('the allocation request', () => {
  it('uses the product messages', () => {
    expect(
      issues(allocationRequestSchema, {
        targetId: '',
        isUser: true,
        productAllocations: [{ groupKey: '', productCode: '', quantity: 0 }],
      }),
    ).toEqual([
      'targetId: Target ID is required',
      'productAllocations.0.groupKey: Group key is required',
      'productAllocations.0.productCode: Product code is required',
      'productAllocations.0.quantity: Count must be at least 1',
    ]);
  });

  it('refuses the same group twice and an empty list', () => {
    const targetId = '6f1c1a52-8d5e-4a43-9a55-1f0f7a1b2c3d';
    const row = { groupKey: 'g', productCode: 'MBX', quantity: 1 };
    expect(issues(allocationRequestSchema, { targetId, isUser: true, productAllocations: [row, row] })).toEqual([
      'productAllocations: Each product group can be picked once',
    ]);
    expect(issues(allocationRequestSchema, { targetId, isUser: false, productAllocations: [] })).toEqual([
      'productAllocations: Choose at least one product',
    ]);
  });

  it('counts whole units, in the words the web form uses (ALLOCATION_MSG)', () => {
    const targetId = '6f1c1a52-8d5e-4a43-9a55-1f0f7a1b2c3d';
    const request = (quantity: unknown) => ({
      targetId,
      isUser: true,
      productAllocations: [{ groupKey: 'g', productCode: 'MBX', quantity }],
    });
    expect(issues(allocationRequestSchema, request(1.5))).toEqual([
      `productAllocations.0.quantity: ${ALLOCATION_MSG.countWhole}`,
    ]);
    expect(issues(allocationRequestSchema, request('3'))).toEqual([
      `productAllocations.0.quantity: ${ALLOCATION_MSG.countMin}`,
    ]);
    expect(hasRepeatedGroup([{ groupKey: 'a' }, { groupKey: 'b' }])).toBe(false);
    expect(hasRepeatedGroup([{ groupKey: 'a' }, { groupKey: 'a' }])).toBe(true);
  });
});

describe('the create-license payload', () => {
  it('accepts a fixed lot with a duration, and derives its expiry', () => {
    const parsed = createLicenseSchema.parse(license);
    expect(lotTerm(parsed)).toEqual({ expiryDate: new Date('2027-01-01T00:00:00.000Z'), durationDays: 365 });
  });

  it('refuses dates before 1900, an expiry not after the start, and a fixed lot without an end', () => {
    expect(issues(createLicenseSchema, { ...license, startDate: '1899-12-31T00:00:00.000Z' })).toEqual([
      'startDate: Dates cannot be before 01/01/1900',
    ]);
    expect(issues(createLicenseSchema, { ...license, duration: null, expiryDate: '2025-12-31T00:00:00.000Z' })).toEqual(
      ['expiryDate: Expiry date must be after the start date'],
    );
    expect(issues(createLicenseSchema, { ...license, duration: 30, expiryDate: '2027-01-01T00:00:00.000Z' })).toEqual([
      'duration: Duration and expiry date do not agree',
    ]);
    expect(issues(createLicenseSchema, { ...license, duration: undefined })).toEqual([
      'duration: A fixed license needs a duration or an expiry date',
    ]);
  });

  it('keeps usage and duration types together and perpetual lots without an end', () => {
    expect(issues(createLicenseSchema, { ...license, usageType: 'NodeLockedForever' })).toEqual([
      'usageType: NodeLockedForever licenses are perpetual',
    ]);
    expect(
      issues(createLicenseSchema, { ...license, durationType: 'Perpetual', usageType: 'NodeLockedForever' }),
    ).toEqual(['duration: A perpetual license has no duration or expiry date']);
  });

  it('uses the product messages for the customer and counts', () => {
    expect(issues(createLicenseSchema, { ...license, customerEmail: '', totalCount: 0 })).toEqual([
      'customerEmail: Please enter your email',
      'totalCount: Total count must be at least 1',
    ]);
    expect(issues(createLicenseSchema, { ...license, customerEmail: 'nope' })).toEqual([
      'customerEmail: Invalid email address',
    ]);
  });
});

it('builds the group key the database generates', () => {
  expect(
    groupKeyOf({
      productCode: 'MBX',
      edition: 'Standard',
      durationType: 'Perpetual',
      durationDays: null,
      usageType: 'NodeLockedForever',
    }),
  ).toBe('MBX|Standard|Perpetual|-|NodeLockedForever');
});
