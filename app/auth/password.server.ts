import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto';

/**
 * The one password hash of the app: better-auth's scrypt (N 16384, r 16, in Node's thread pool),
 * given to better-auth for sign-in, reset and change (auth.server.ts) and used by the accounts the app
 * creates itself (registration, superadmins, lawyers of the demo seed). One module, so that every
 * password goes through the same function, and so that the tests can memoise it (tests/setup/database.ts:
 * the same inputs give the same answer, two scrypt runs a test fewer; docs/decisions/0054).
 */
export const passwordHashing = {
  hash: (password: string): Promise<string> => scryptHash(password),
  verify: ({ hash, password }: { hash: string; password: string }): Promise<boolean> => scryptVerify({ hash, password }),
};

export function hashPassword(password: string): Promise<string> {
  return passwordHashing.hash(password);
}
