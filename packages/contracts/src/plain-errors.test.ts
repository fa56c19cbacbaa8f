import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS as ENDPOINTS } from './all-endpoints';
import { inputObject, text } from './fields';
import { fieldLabel } from './plain-errors';

/** Zod's developer wording, which no person should read. */
const RAW = /expected|Too big|Too small|Invalid input:|received|<=|>=/;

describe('plain validation messages', () => {
  it('name the field and speak plainly for limits without a message of their own', () => {
    const schema = inputObject({
      name: text().max(100),
      count: z.number().int().min(1).max(1_000_000),
      tags: z.array(z.string()).max(3),
      kind: z.enum(['Fixed', 'Perpetual']),
      id: z.uuid(),
      productCode: text().min(1),
    });
    const result = schema.safeParse({
      name: 'x'.repeat(101),
      count: 2.5,
      tags: ['a', 'b', 'c', 'd'],
      kind: 'Other',
      id: 'nope',
      productCode: '',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Name must be at most 100 characters',
      'Count must be a whole number',
      'Tags can have at most 3 items',
      'Kind must be one of: Fixed, Perpetual',
      'Id is not a valid id',
      'Product code is required',
    ]);
    expect(inputObject({ count: z.number().max(1_000_000) }).safeParse({ count: 2e6 }).error?.issues[0]?.message).toBe(
      'Count must be at most 1,000,000',
    );
    expect(z.number().int().safeParse(1.5).error?.issues[0]?.message).toBe('Must be a whole number');
    expect(inputObject({ name: text() }).safeParse({}).error?.issues[0]?.message).toBe('Name is required');
  });

  it('keep a message a schema gives itself', () => {
    expect(text().max(2, 'Too long, sorry').safeParse('abc').error?.issues[0]?.message).toBe('Too long, sorry');
  });

  it('label a field from its path', () => {
    expect(fieldLabel(['thresholds', 0, 'threshold'])).toBe('Threshold');
    expect(fieldLabel(['expiryWindowDays'])).toBe('Expiry window days');
    expect(fieldLabel([])).toBeNull();
  });

  it('are what every request schema of the endpoint table says to over-long, fractional and wrong input', () => {
    const raw: string[] = [];
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      for (const part of ['body', 'query', 'params'] as const) {
        const schema = (endpoint as Partial<Record<typeof part, z.ZodType>>)[part];
        const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
        if (!schema || !shape) continue;
        for (const field of Object.keys(shape)) {
          for (const value of ['x'.repeat(5_000), 1.5, -1, 1e12, 'abc', true, [], {}, null]) {
            const issues = schema.safeParse({ [field]: value }).error?.issues ?? [];
            for (const issue of issues) {
              if (RAW.test(issue.message))
                raw.push(`${name} ${part}.${field}=${JSON.stringify(value).slice(0, 12)}: ${issue.message}`);
            }
          }
        }
      }
    }
    expect(raw).toEqual([]);
  });
});
