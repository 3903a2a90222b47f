import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brandLogoPng } from '#src/modules/documents/brand-logo.ts';

/**
 * Brand logos as PNG for documents (pdfkit draws no SVG), rendered once per process from the logo in
 * the assets folder at least 180 px high, so it stays sharp in print. Null when the brand has none here.
 */
export function createBrandLogos(assetsDir: string) {
  const cache = new Map<string, Promise<Buffer | null>>();

  async function render(logoUrl: string, height: number): Promise<Buffer | null> {
    // Only our own asset paths: a URL elsewhere (a CDN) is not read from the disk.
    const relative = logoUrl.replace(/^\/assets\//, '');
    if (relative === logoUrl || relative.includes('..')) return null;
    const source = await readFile(path.join(assetsDir, relative)).catch(() => null);
    if (!source) return null;
    // 180 px prints sharp at the size the layouts give a logo (documents/brand-logo.ts).
    return brandLogoPng(source, Math.max(180, height * 3));
  }

  return {
    png(logo: { url: string; height: number }): Promise<Buffer | null> {
      let png = cache.get(logo.url);
      if (!png) {
        png = render(logo.url, logo.height).catch(() => null);
        cache.set(logo.url, png);
      }
      return png;
    },
  };
}

export type BrandLogos = ReturnType<typeof createBrandLogos>;
