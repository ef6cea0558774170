import { vi } from 'vitest';
import type * as PasswordModule from '~/auth/password.server';

// The integration tests create and sign in a few accounts in almost every test, each a scrypt run of
// 0.2 to 0.5 s (N 16384, r 16) on the CI machine: most of some files' time. The app hashes every
// password through ~/auth/password.server (better-auth's sign-in included), so here the same inputs get
// the same answer, computed once per worker: the first hash of a password is reused (one salt for it in
// this worker), and a verification already made is not made again. A wrong password is still a new
// input, verified for real; nothing else changes.
vi.mock('~/auth/password.server', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  const hashes = new Map<string, Promise<string>>();
  const verdicts = new Map<string, Promise<boolean>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> => {
    let value = cache.get(key);
    if (!value) {
      value = compute();
      cache.set(key, value);
      value.catch(() => cache.delete(key));
    }
    return value;
  };
  const passwordHashing: typeof real.passwordHashing = {
    hash: (password) => once(hashes, password, () => real.passwordHashing.hash(password)),
    verify: ({ hash, password }) => once(verdicts, `${hash}\u0000${password}`, () => real.passwordHashing.verify({ hash, password })),
  };
  return { ...real, passwordHashing, hashPassword: (password: string) => passwordHashing.hash(password) };
});
