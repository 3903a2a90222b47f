import type { StaffSession } from '@shop/contracts/admin';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadServerRenderedScreen } from './app.tsx';
import { sessionKey } from './features/auth/api/session.ts';
import { loadDictionary } from './i18n/dictionaries.ts';
import { startLocale } from './i18n/i18n-context.tsx';
import { setCsrfToken } from './lib/api-client.ts';
import { type PageState, pageStateElementId } from './page-state.ts';
import { createQueryClient } from './query-client.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const queryClient = createQueryClient();
// A page the server rendered (entry-server.tsx) comes with the answers it was made of.
const stateText = document.getElementById(pageStateElementId)?.textContent;
const state = stateText ? (JSON.parse(stateText) as PageState) : null;
// The page's language's texts before the first render (they are a chunk of their own): tried twice,
// then a plain message instead of an empty page.
const pageLocale = state?.locale ?? startLocale();
// A page the server rendered hydrates with its screen's code at hand (app.tsx), fetched meanwhile.
const screenLoaded = state ? loadServerRenderedScreen() : null;
// Not awaited at the module's top: the screen's code imports from this module, which must have
// finished evaluating before that import can (a top-level await here waited for it for ever).
void start(root);

async function start(root: HTMLElement) {
  await loadDictionary(pageLocale)
    .catch(() => loadDictionary(pageLocale))
    .catch((error: unknown) => {
      // No dictionary to word it: the three languages at once.
      root.textContent = [
        'Das Backoffice konnte nicht geladen werden. Bitte laden Sie die Seite neu.',
        'The back office could not be loaded. Please reload the page.',
        'Impossibile caricare il back office. Ricarichi la pagina.',
      ].join(' / ');
      throw error;
    });
  if (state) {
    await screenLoaded;
    hydrate(queryClient, state.queries);
    // The session's query function sets the token when it runs; here it did not run in this browser.
    const session = queryClient.getQueryData<StaffSession | null>(sessionKey);
    if (session) setCsrfToken(session.csrfToken);
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} locale={state.locale} />
      </StrictMode>,
    );
  } else {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  }
}
