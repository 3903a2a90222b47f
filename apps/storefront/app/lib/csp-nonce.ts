import { createContext, useContext } from 'react';

/**
 * The render's Content-Security-Policy nonce: the server's page policy allows inline scripts and the
 * inline stylesheet only with it (docs/decisions/012). The server passes it through this context.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

/**
 * The nonce on the server, and in the browser the one the page was served with: browsers hide the
 * attribute's value from the markup but keep it in the `nonce` property. An element React creates
 * again after a navigation (the inline stylesheet) needs it, or the policy refuses it.
 */
export function useCspNonce(): string | undefined {
  const fromServer = useContext(CspNonceContext);
  if (fromServer !== undefined || typeof document === 'undefined') return fromServer;
  pageNonce ??= document.querySelector<HTMLElement>('script[nonce], style[nonce]')?.nonce || undefined;
  return pageNonce;
}

let pageNonce: string | undefined;
