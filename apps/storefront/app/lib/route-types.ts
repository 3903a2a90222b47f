import type { ShopContext } from '@shop/contracts/shop-context';
import type { AppLoadContext, LoaderFunctionArgs } from 'react-router';

declare module 'react-router' {
  /** What the server (apps/server/src/modules/storefront) passes every loader. */
  interface AppLoadContext {
    shop: ShopContext;
    /** This render's Content-Security-Policy nonce (entry.server.tsx); none under the development server. */
    cspNonce?: string;
  }
}

/** Loader arguments with the storefront's load context (`context.shop`). */
export type LoaderArgs = LoaderFunctionArgs<AppLoadContext>;
