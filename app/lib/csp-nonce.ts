import { createContext, useContext } from 'react';

/**
 * The nonce of this response's Content-Security-Policy (server/security-headers.ts), given by
 * entry.server.tsx to React Router's inline scripts. Empty in the browser, which needs none after load.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}

/** Set by the server (server/security-headers.ts) on every request it hands to React Router; never the client's. */
export const CSP_NONCE_HEADER = 'x-jusconecta-csp-nonce';

/** This request's nonce, as the server gave it. */
export function requestNonce(request: Pick<Request, 'headers'>): string | undefined {
  return request.headers.get(CSP_NONCE_HEADER) ?? undefined;
}
