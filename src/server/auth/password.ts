/**
 * Password hashing with argon2id (DESIGN.md §4: m = 19456 KiB, t = 2, p = 1).
 */
import { hash, verify } from "@node-rs/argon2";

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/** Returns the PHC string of `password` (argon2id). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * True when `password` matches the PHC string `passwordHash`; false on any malformed hash, and
 * on a deleted account's null hash (after spending a real verification's time).
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await verifyDummy(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real verification; used when the e-mail is unknown so the
 * response time does not reveal which accounts exist.
 */
export async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("dummy-password-for-timing-Aa1!");
  await verifyPassword(await dummyHash, password);
}
