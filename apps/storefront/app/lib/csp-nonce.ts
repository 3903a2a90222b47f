import { createContext, useContext } from 'react';

/**
 * The render's Content-Security-Policy nonce: the server's page policy allows inline scripts and the
 * inline stylesheet only with it. Known on the server alone (browsers hide nonce attributes from
 * scripts), so in the browser this is undefined and hydration keeps the attributes the server wrote.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export const useCspNonce = () => useContext(CspNonceContext);
