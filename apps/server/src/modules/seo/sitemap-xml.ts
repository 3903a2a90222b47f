/** Sitemap protocol limit per file (https://www.sitemaps.org/protocol.html#index). */
export const maxUrlsPerSitemap = 50_000;

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char] ?? char);

const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
const namespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A `<urlset>` of absolute URLs. */
export function renderUrlSet(urls: Iterable<string>): string {
  let body = '';
  for (const url of urls) body += `<url><loc>${escapeXml(url)}</loc></url>\n`;
  return `${declaration}<urlset xmlns="${namespace}">\n${body}</urlset>\n`;
}

/** A `<sitemapindex>` naming sitemap files by absolute URL. */
export function renderSitemapIndex(sitemapUrls: Iterable<string>): string {
  let body = '';
  for (const url of sitemapUrls) body += `<sitemap><loc>${escapeXml(url)}</loc></sitemap>\n`;
  return `${declaration}<sitemapindex xmlns="${namespace}">\n${body}</sitemapindex>\n`;
}

export function renderRobotsTxt(sitemapUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n`;
}
