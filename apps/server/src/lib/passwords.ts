import { hash, verify } from '@node-rs/argon2';

// The library's defaults are argon2id, m=19456 KiB, t=2, p=1: OWASP's minimum recommendation.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spent on unknown emails so that they take as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
}
