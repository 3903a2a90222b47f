import { describe, expect, it } from 'vitest';
import { renderContentPageHtml } from './page-html.tsx';

const page = { slug: 'hilfe', name: 'help', title: 'Hilfe & <Service>', locale: 'de' };

describe('a content page as the shop renders it, for the preview', () => {
  it('renders the Markdown subset in the shop page’s frame', () => {
    const html = renderContentPageHtml({
      ...page,
      body: '## Fragen\n\n- **eins**\n- [zwei](/kontakt)\n\nText  \nmit [Link](https://example.org)',
    });
    expect(html).toBe(
      '<article class="container page narrow content-page" lang="de"><h1>Hilfe &amp; &lt;Service&gt;</h1>' +
        '<h2>Fragen</h2><ul><li><strong>eins</strong></li><li><a href="/kontakt" data-discover="true">zwei</a></li></ul>' +
        '<p><span>Text</span><span><br/>mit <a href="https://example.org">Link</a></span></p></article>',
    );
  });

  it('keeps no markup or script link of the author’s', () => {
    const html = renderContentPageHtml({
      ...page,
      body: '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [x](javascript:alert(1))',
    });
    expect(html).not.toMatch(/<script|<img|javascript:/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
