import { describe, expect, test } from 'vitest';
import { freshNonce, pagePolicy } from './security-headers';

describe('the page policy and its nonce', () => {
  test('the policy names the nonce for scripts and styles and allows nothing else inline', () => {
    expect(pagePolicy('abc+/==')).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc+/=='; style-src 'self' 'nonce-abc+/=='; style-src-attr 'unsafe-inline'; " +
        "img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  test('every nonce is 128 bits of base64 and none repeats, across several draws of the random block', () => {
    const nonces = Array.from({ length: 1_000 }, () => freshNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
