import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from 'react-router';
import { CspNonceContext } from './lib/csp-nonce.ts';
import { StylesheetTextContext } from './lib/inline-stylesheet.tsx';
import { startClientAfterPaint } from './lib/start-after-paint.server.ts';
import stylesHref from './styles.css?url';

/** How long deferred data may stream before the render is aborted. */
export const streamTimeout = 5_000;

/**
 * The built stylesheet's text, read once (the production build keeps client files in build/client);
 * null under the development server, where the page links the stylesheet instead. This module is
 * build/server/index.js or, once the server build splits (lazy screens), a chunk in
 * build/server/assets/: both places are tried.
 */
const stylesheetText = (() => {
  for (const clientDir of ['../client', '../../client']) {
    try {
      return readFileSync(new URL(`${clientDir}${stylesHref}`, import.meta.url), 'utf8');
    } catch {
      // not this layout
    }
  }
  return null;
})();

/**
 * What React Router reports from loaders and rendering. A response a loader throws on purpose (the 404
 * of an unknown offer, the 503 while the database is away: lib/api.server.ts) is an answer, not a fault,
 * and a visitor who left is nobody's problem; anything else is printed, as React Router would.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && !(error as { error?: unknown }).error))
    return;
  console.error(error);
};

/**
 * Renders the matched routes to an HTML stream. Browsers get the shell as soon as it is ready;
 * crawlers get the complete document. (Our own entry: @react-router/node is not installed.)
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let isShellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const waitsForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext value={nonce}>
        <StylesheetTextContext value={stylesheetText}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetTextContext>
      </CspNonceContext>,
      {
        // React's own inline scripts (streamed Suspense boundaries) carry it too.
        nonce,
        [waitsForAll ? 'onAllReady' : 'onShellReady']() {
          isShellRendered = true;
          const body = startClientAfterPaint(nonce);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are reported by onShellError; log the ones while streaming.
          if (isShellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
