import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { rateLimits } from '~/db/schema/rate-limits';
import {
  hitRateLimit,
  hitRateLimits,
  pruneRateLimits,
  readRateLimits,
  releaseRateLimitHits,
  resetRateLimits,
  retryAfterSeconds,
  tooManyAttemptsMessage,
  tooManyRequestsResponse,
} from './rate-limit.server';

const MINUTE = 60_000;
const t0 = new Date('2026-03-02T12:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('fixed-window rate limiter in the database', () => {
  test('each hit adds one to the key’s window; every call sees the same count through the database', async () => {
    expect((await hitRateLimit('teste:a', 15 * MINUTE, t0)).count).toBe(1);
    expect((await hitRateLimit('teste:a', 15 * MINUTE, at(1000))).count).toBe(2);
    const third = await hitRateLimit('teste:a', 15 * MINUTE, at(2000));
    expect(third).toMatchObject({ key: 'teste:a', count: 3, windowStartedAt: t0, windowEndsAt: at(15 * MINUTE) });
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, 'teste:a'));
    expect(row?.count).toBe(3);
    expect((await readRateLimits(['teste:a'], at(3000))).get('teste:a')?.count).toBe(3);
  });

  test('parallel hits are counted one by one (one atomic upsert each)', async () => {
    const counts = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit('teste:paralelo', MINUTE, t0)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  test('a window that has ended counts zero and the next hit starts a fresh one', async () => {
    await hitRateLimit('teste:b', MINUTE, t0);
    await hitRateLimit('teste:b', MINUTE, at(10_000));
    expect((await readRateLimits(['teste:b'], at(MINUTE))).has('teste:b')).toBe(false);
    const fresh = await hitRateLimit('teste:b', MINUTE, at(MINUTE + 5000));
    expect(fresh).toMatchObject({ count: 1, windowStartedAt: at(MINUTE + 5000), windowEndsAt: at(2 * MINUTE + 5000) });
  });

  test('a row edited to an ended window restarts too (the clock is the database row’s, not the process’s)', async () => {
    await hitRateLimits(['teste:c'], 15 * MINUTE);
    await hitRateLimits(['teste:c'], 15 * MINUTE);
    await db.update(rateLimits).set({ windowEndsAt: new Date(Date.now() - 1000) }).where(eq(rateLimits.key, 'teste:c'));
    expect((await hitRateLimit('teste:c', 15 * MINUTE)).count).toBe(1);
  });

  test('several keys are hit in one statement and read together; reset and release change only their keys', async () => {
    const hits = await hitRateLimits(['teste:ip', 'teste:conta', 'teste:ip'], 15 * MINUTE, t0);
    expect(hits.map((h) => [h.key, h.count]).sort()).toEqual([['teste:conta', 1], ['teste:ip', 1]]);
    await hitRateLimits(['teste:ip', 'teste:conta'], 15 * MINUTE, at(1000));
    await hitRateLimit('teste:ip', 15 * MINUTE, at(2000));
    let counts = await readRateLimits(['teste:ip', 'teste:conta', 'teste:nenhum'], at(3000));
    expect([counts.get('teste:ip')?.count, counts.get('teste:conta')?.count, counts.has('teste:nenhum')]).toEqual([3, 2, false]);
    await releaseRateLimitHits(['teste:ip'], at(4000));
    await resetRateLimits(['teste:conta']);
    counts = await readRateLimits(['teste:ip', 'teste:conta'], at(5000));
    expect([counts.get('teste:ip')?.count, counts.has('teste:conta')]).toEqual([2, false]);
  });

  test('prune deletes the rows whose window has ended, and only those', async () => {
    await hitRateLimit('teste:velho', MINUTE, t0);
    await hitRateLimit('teste:novo', 15 * MINUTE, t0);
    expect(await pruneRateLimits(at(2 * MINUTE))).toBe(1);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(['teste:novo']);
  });

  test('retry-after is the longest wait among the keys at their max; the message rounds minutes up', async () => {
    await hitRateLimits(['teste:x', 'teste:y'], 15 * MINUTE, t0);
    await hitRateLimit('teste:x', 15 * MINUTE, at(1000));
    const counts = await readRateLimits(['teste:x', 'teste:y'], at(2000));
    expect(retryAfterSeconds([{ key: 'teste:x', max: 3 }, { key: 'teste:y', max: 3 }], counts, at(2000))).toBeNull();
    expect(retryAfterSeconds([{ key: 'teste:x', max: 2 }], counts, at(2000))).toBe(15 * 60 - 2);
    expect(retryAfterSeconds([{ key: 'teste:x', max: 2 }], counts, at(15 * MINUTE - 500))).toBe(1);

    expect(tooManyAttemptsMessage(1)).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
    expect(tooManyAttemptsMessage(60)).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
    expect(tooManyAttemptsMessage(61)).toBe('Muitas tentativas. Aguarde 2 minutos e tente novamente.');
    expect(tooManyAttemptsMessage(898)).toBe('Muitas tentativas. Aguarde 15 minutos e tente novamente.');
    const response = tooManyRequestsResponse(898);
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('898');
    expect(await response.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Muitas tentativas. Aguarde 15 minutos e tente novamente.' });
  });
});
