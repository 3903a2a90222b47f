import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
// The shop's own renderer, not a copy: what the back office previews is what the shop's page shows.
// It builds React elements from a small Markdown subset and never takes HTML from the text, so
// whatever markup an author types comes out escaped.
import { ContentPageView } from '../../../../storefront/app/features/content/components/content-page.tsx';

/**
 * A content page as the storefront renders it (features/content/components/content-page.tsx), as
 * static HTML for the back office's preview. The router is only there for the component's links.
 */
export function renderContentPageHtml(page: {
  slug: string;
  name: string;
  title: string;
  locale: string;
  body: string;
}): string {
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(ContentPageView, { page })));
}
