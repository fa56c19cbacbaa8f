import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

describe('zod under the Content Security Policy', () => {
  it('builds and runs object schemas without compiling code at run time', async () => {
    await import('./zod-config');
    const compile = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    const schema = z.object({ name: z.string(), tags: z.array(z.object({ id: z.number() })) });
    expect(schema.parse({ name: 'Ann', tags: [{ id: 1 }] })).toEqual({ name: 'Ann', tags: [{ id: 1 }] });
    expect(schema.safeParse({ name: 1, tags: [] }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
  });
});
