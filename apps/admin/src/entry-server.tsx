import { adminOrderDetailSchema, staffSessionSchema } from '@shop/contracts/admin';
import type { Locale } from '@shop/contracts/locale';
import { dehydrate, type QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { ZodType } from 'zod';
import { App } from './app.tsx';
import { sessionKey } from './features/auth/api/session.ts';
import { orderKey } from './features/orders/api/get-order.ts';
import { type Dictionary, loadDictionary } from './i18n/dictionaries.ts';
import type { PageState } from './page-state.ts';
import { createQueryClient } from './query-client.ts';

/** An API answer as the server's own call of it came back (modules/admin-app: the same rules as any call). */
export type ApiAnswer = { status: number; body: unknown };
export type FetchJson = (path: string) => Promise<ApiAnswer>;
export type RenderedPage = { html: string; title: string; state: PageState };

type ScreenQuery = { queryKey: QueryKey; path: string; answer: ZodType };
type Screen = {
  pattern: RegExp;
  queries(match: RegExpExecArray): ScreenQuery[];
  title(t: Dictionary, match: RegExpExecArray): string;
};

/**
 * The screens whose first view the server renders with their data (an order opened from a link or a
 * mail must be readable at once on a phone: issue 25's "≤ 1 s"). Each names the answers it is made of,
 * under the same query keys its screen asks with, so the browser hydrates without asking again. Any
 * other address gets the app's empty page and loads its data in the browser.
 */
const screens: Screen[] = [
  {
    pattern: /^\/admin\/orders\/([1-9]\d{0,14})$/,
    queries: ([, id]) => [
      { queryKey: orderKey(Number(id)), path: `/api/admin/orders/${id}`, answer: adminOrderDetailSchema },
    ],
    title: (t, [, id]) => t.order.title(Number(id)),
  },
];

/**
 * The page at `url` (under /admin) for the staff member whose calls `fetchJson` makes, or null when it
 * is not one to render here: not a screen above, nobody signed in, a second factor still to set up, or
 * any answer that is not a 200 (the browser then shows it as it would have anyway: a 404, a refusal).
 */
export async function renderPage(
  url: string,
  locale: Locale,
  fetchJson: FetchJson,
): Promise<RenderedPage | null> {
  const pathname = url.split('?')[0] ?? '';
  for (const screen of screens) {
    const match = screen.pattern.exec(pathname);
    if (match) return renderScreen(screen, match, url, locale, fetchJson);
  }
  return null;
}

async function renderScreen(
  screen: Screen,
  match: RegExpExecArray,
  url: string,
  locale: Locale,
  fetchJson: FetchJson,
): Promise<RenderedPage | null> {
  // The session first: it may renew the cookie the other calls then use.
  const session = parsed(await fetchJson('/api/admin/auth/session'), staffSessionSchema);
  if (!session || session.mustSetUpTotp) return null;
  const queries = screen.queries(match);
  const answers = await Promise.all(queries.map((query) => fetchJson(query.path)));
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKey, session);
  for (const [index, query] of queries.entries()) {
    const data = parsed(answers[index] as ApiAnswer, query.answer);
    if (data === undefined) return null;
    queryClient.setQueryData(query.queryKey, data);
  }
  // The provider reads the language's texts synchronously.
  const t = await loadDictionary(locale);
  // Waits for the screen's lazily loaded code (a string render would give its "loading" fallback). A
  // part that fails renders its fallback instead of throwing: such a page is not sent (the caller logs).
  let failed: unknown = null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App queryClient={queryClient} locale={locale} serverLocation={url} />
    </StrictMode>,
    {
      onError: (error) => {
        failed ??= error;
      },
    },
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude as AsyncIterable<Uint8Array | string>) {
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  html += decoder.decode();
  if (failed) throw failed;
  return {
    html,
    title: `${screen.title(t, match)} – ${t.app.name}`,
    state: { locale, queries: dehydrate(queryClient) },
  };
}

function parsed<T>(answer: ApiAnswer, schema: ZodType<T>): T | undefined {
  if (answer.status !== 200) return undefined;
  const result = schema.safeParse(answer.body);
  return result.success ? result.data : undefined;
}
