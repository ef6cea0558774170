import { createContext, useContext } from 'react';

/**
 * The nonce of this response's Content-Security-Policy (server/security-headers.ts), given by
 * entry.server.tsx to React Router's inline scripts. Empty in the browser, which needs none after load.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
