import { describe, expect, it } from 'vitest';
import { inputObject, text } from './fields';

describe('text()', () => {
  const schema = inputObject({ name: text().trim().min(1), nested: inputObject({ note: text() }).optional() });

  it('refuses a NUL character anywhere, naming the field by its path', () => {
    const issues = schema.safeParse({ name: 'a\u0000b', nested: { note: '\u0000' } }).error?.issues;
    expect(issues?.map((i) => i.message)).toEqual([
      'name must not contain a NUL character.',
      'nested.note must not contain a NUL character.',
    ]);
  });

  it('keeps every other character, and the checks chained after it', () => {
    expect(schema.parse({ name: '  Zoë \u0001 😀  ' })).toEqual({ name: 'Zoë \u0001 😀' });
    expect(schema.safeParse({ name: '   ' }).success).toBe(false);
  });
});

describe('inputObject', () => {
  it('refuses unknown fields instead of dropping them', () => {
    const result = inputObject({ userId: text() }).safeParse({ userId: 'x', isSuperAdmin: true });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['isSuperAdmin'] }),
    ]);
  });
});
