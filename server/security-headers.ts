import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';

/** The header through which the server hands the page's nonce to app/entry.server.tsx (never the client's). */
export const CSP_NONCE_HEADER = 'x-jusconecta-csp-nonce';

/**
 * Headers every response carries. Anything that is not a page rendered by React Router (assets, JSON,
 * the server's own error pages) gets a CSP that allows nothing but its own style attributes.
 */
export function securityHeaders({ https }: { https: boolean }): RequestHandler {
  const headers: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Content-Security-Policy', "default-src 'none'; style-src-attr 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"],
  ];
  // Only when the public URL is https: over plain http the header is ignored, and on localhost it would
  // pin the browser to https for every local app.
  if (https) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The page policy: scripts only from this origin and React Router's inline scripts that carry this
 * response's nonce; styles and images from this origin (profile photos under /fotos/ included), plus
 * the style attributes React writes, the <style> elements that carry the nonce (which the CRM board's
 * drag and drop adds while a card moves), data: images and blob: images (the preview of a photo chosen
 * in a form, made in the browser); no framing, no plugins, forms only to this site. The nonce is fresh
 * per render; a page served from the page cache repeats the nonce of the render it keeps (docs/decisions/0007).
 */
export function pagePolicy(nonce: string): string {
  return `${POLICY_HEAD}${nonce}${POLICY_MIDDLE}${nonce}${POLICY_TAIL}`;
}

const POLICY_HEAD = "default-src 'self'; script-src 'self' 'nonce-";
const POLICY_MIDDLE = "'; style-src 'self' 'nonce-";
const POLICY_TAIL = [
  "'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NONCE_BYTES = 16;
/** Nonces drawn per call to the CSPRNG: 256 of 16 bytes. Each is used once, never again. */
const NONCES_PER_DRAW = 256;
let nonceBytes = Buffer.alloc(0);
let nonceAt = 0;

/** 16 fresh random bytes in base64 (128 bits, as before), from a block drawn once per 256 requests. */
export function freshNonce(): string {
  if (nonceAt + NONCE_BYTES > nonceBytes.length) {
    nonceBytes = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    nonceAt = 0;
  }
  const nonce = nonceBytes.toString('base64', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/** Gives each request that reaches React Router a nonce and the page policy that names it. */
export function pageNonce(): RequestHandler {
  return (req, res, next) => {
    const nonce = freshNonce();
    req.headers[CSP_NONCE_HEADER] = nonce;
    res.setHeader('Content-Security-Policy', pagePolicy(nonce));
    next();
  };
}
