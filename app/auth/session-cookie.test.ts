import { describe, expect, test } from 'vitest';
import { hasSessionCookie } from './auth.server';

// Only a value shaped like a signed session (token, dot, 44-character base64 HMAC) is looked up: any
// other is no session, as better-call decides before checking a signature.

const signature = `${'A'.repeat(43)}=`;
const request = (cookie: string | null) => new Request('http://localhost/busca', { headers: cookie === null ? {} : { cookie } });

describe('a session cookie worth looking up', () => {
  test('a signed value, plain or URL-encoded, under either cookie name', () => {
    expect(hasSessionCookie(request(`jusconecta.session_token=tok123.${signature}`))).toBe(true);
    expect(hasSessionCookie(request(`a=1; jusconecta.session_token=tok123.${'A'.repeat(43)}%3D; b=2`))).toBe(true);
    expect(hasSessionCookie(request(`__Secure-jusconecta.session_token=tok123.${signature}`))).toBe(true);
    // Two cookies of that name: one good is enough (the browser sends the most specific path first).
    expect(hasSessionCookie(request(`jusconecta.session_token=junk; jusconecta.session_token=tok.${signature}`))).toBe(true);
  });

  test('anything else is no session', () => {
    for (const cookie of [null, '', 'other=tok.' + signature, 'jusconecta.session_token=bench-expired', 'jusconecta.session_token=', `jusconecta.session_token=.${signature}`, 'jusconecta.session_token=tok.short=', `jusconecta.session_token=tok.${'A'.repeat(44)}`, 'jusconecta.session_token=%E0%A4%A', `xjusconecta.session_token=tok.${signature}`]) {
      expect(hasSessionCookie(request(cookie)), String(cookie)).toBe(false);
    }
  });
});
