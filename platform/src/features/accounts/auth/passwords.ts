import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 20–40 ms a hash here.
// (`algorithm: 2` is Argon2id: the package declares it as a const enum, which isolated modules cannot import.)
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The shortest and longest password accepted. */
export const PASSWORD_LENGTH = { min: 10, max: 200 } as const;

/** The argon2id hash of a password (a PHC string holding its salt and parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

// Verified against when the account does not exist, so an unknown email takes as long as a wrong password.
let decoy: Promise<string> | undefined;

/** True when the password matches the hash; with no hash (no such account) it still spends a verification, then says false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await verify(await (decoy ??= hashPassword('not a real password, only spends the time')), password);
    return false;
  }
  return verify(passwordHash, password);
}
