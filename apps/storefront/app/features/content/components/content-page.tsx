import { Markdown } from '#app/ui/markdown.tsx';
import type { ContentPage } from '../content.server.ts';

export function ContentPageView({ page }: { page: ContentPage }) {
  return (
    <article className="container page narrow content-page" lang={page.locale}>
      <h1>{page.title}</h1>
      <Markdown text={page.body} />
    </article>
  );
}
