import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Demo pictures drawn from a seed (no network, no stock photos): a sky, a sun and layered hills or
 * waves in a palette the seed picks. Same seed, same picture.
 */
export function generatedImageSvg(seed: string, width: number, height: number): string {
  const bytes = createHash('sha256').update(seed).digest();
  const at = (index: number) => bytes[index % bytes.length]!;
  const hue = (at(0) * 360) / 256;
  const isSea = at(1) % 3 === 0;
  const sky = `hsl(${hue.toFixed(0)} 70% 78%)`;
  const horizon = `hsl(${((hue + 30) % 360).toFixed(0)} 80% 88%)`;
  const sunX = (0.15 + (at(2) / 255) * 0.7) * width;
  const sunY = (0.18 + (at(3) / 255) * 0.2) * height;
  const layers = [0, 1, 2]
    .map((layer) => {
      const base = height * (0.55 + layer * 0.13);
      const amplitude = height * (isSea ? 0.03 : 0.12 - layer * 0.03);
      const points = Array.from({ length: 7 }, (_, i) => {
        const x = (i / 6) * width;
        const y = base - amplitude * Math.sin((i + at(4 + layer)) * 1.3);
        return `${x.toFixed(0)},${y.toFixed(0)}`;
      });
      const lightness = 30 + layer * 10;
      const colour = isSea
        ? `hsl(${(200 + layer * 8).toFixed(0)} 60% ${lightness + 10}%)`
        : `hsl(${((hue + 100 + layer * 15) % 360).toFixed(0)} 35% ${lightness}%)`;
      return `<polygon fill="${colour}" points="0,${height} ${points.join(' ')} ${width},${height}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${horizon}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${(height * 0.09).toFixed(0)}" fill="hsl(45 100% 70%)"/>
${layers}</svg>`;
}

export function renderGeneratedImage(seed: string, width: number): Promise<Buffer> {
  const height = Math.round((width * 2) / 3);
  return sharp(Buffer.from(generatedImageSvg(seed, width, height)))
    .webp({ quality: 60 })
    .toBuffer();
}
