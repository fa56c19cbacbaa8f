import { createChildAccountSchema } from '@portal/contracts/accounts';
import { updateAlertSettingsSchema } from '@portal/contracts/alerts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** Zod's developer wording, which no person should read. */
const RAW = /expected|Too big|Too small|Invalid input:|received|<=|>=/;

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.message);

describe("the forms' validation messages", () => {
  it('are the plain ones of the contracts, the same words the server answers', () => {
    const user = messagesOf(
      createChildAccountSchema.safeParse({ name: 'Ann', email: `${'a'.repeat(300)}@x.example`, roles: 'Nobody' }),
    );
    const alerts = messagesOf(
      updateAlertSettingsSchema.safeParse({
        expiryWindowDays: 30,
        thresholds: [{ productCode: 'x'.repeat(40), threshold: 1 }],
      }),
    );
    expect([...user, ...alerts]).not.toHaveLength(0);
    for (const message of [...user, ...alerts]) expect(message).not.toMatch(RAW);
    expect(alerts).toContain('Product code must be at most 32 characters');
  });

  it("apply to the web app's own schemas too, once the contracts are loaded", () => {
    expect(messagesOf(z.object({ count: z.number().int() }).safeParse({ count: 1.5 }))).toEqual([
      'Count must be a whole number',
    ]);
  });
});
