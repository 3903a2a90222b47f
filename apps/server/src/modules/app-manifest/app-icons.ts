import { createHash } from 'node:crypto';
import type { BrandConfig } from '@shop/contracts/brand-config';
import sharp from 'sharp';

type BrandColours = BrandConfig['colors'];

/**
 * The home-screen icons of the installable shop. Brand logos are wide word marks (160×40 with the
 * name as text), which shrink to an unreadable strip in a square; every brand gets the shop's mark
 * (sun over a horizon) in its own colours instead. Text is left out on purpose: librsvg would set it
 * in whatever fonts the server has.
 */
export const appIcons = {
  /** Manifest icon; the launcher and the install prompt. */
  'icon-192.png': { size: 192, shape: 'rounded' },
  /** Manifest icon; the splash screen. */
  'icon-512.png': { size: 512, shape: 'rounded' },
  /** Android masks it to its own shape: full-bleed colour, the mark inside the central 80 %. */
  'maskable-512.png': { size: 512, shape: 'full-bleed' },
  /** iOS rounds the corners itself and fills transparency with black: opaque and square. */
  'apple-touch-icon.png': { size: 180, shape: 'full-bleed' },
} as const;

export type AppIconFile = keyof typeof appIcons;

/** Bumped when the drawing changes, so that cached icons and their URLs change with it. */
const designVersion = 1;

/** Part of the icons' URLs and file names: a brand that changes its colours gets new icons at once. */
export function appIconVersion(colours: BrandColours): string {
  return createHash('sha256')
    .update(`${designVersion}|${colours.primary}|${colours.accent}`)
    .digest('hex')
    .slice(0, 10);
}

/** A sun over a hill and the horizon, on a 100×100 canvas (the offline page draws it too). */
export function markSvg(colour: string): string {
  return `<circle cx="50" cy="33" r="11" fill="${colour}"/><path d="M20 70c15-22 45-22 60 0M16 78h68" fill="none" stroke="${colour}" stroke-width="7" stroke-linecap="round"/>`;
}

/** The mark on a 100×100 canvas: `scale` shrinks it around the centre (maskable safe zone). */
function iconSvg(colours: BrandColours, shape: 'rounded' | 'full-bleed'): string {
  const background =
    shape === 'rounded'
      ? `<rect x="4" y="4" width="92" height="92" rx="22" fill="${colours.primary}"/>`
      : `<rect width="100" height="100" fill="${colours.primary}"/>`;
  // The maskable icon keeps the mark inside a circle of 40 % radius (the spec's safe zone).
  const scale = shape === 'rounded' ? 1 : 0.8;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${background}<g transform="translate(50 50) scale(${scale}) translate(-50 -50)">${markSvg(colours.accent)}</g></svg>`;
}

/** One icon as PNG, at its exact size. */
export function renderAppIcon(colours: BrandColours, file: AppIconFile): Promise<Buffer> {
  const { size, shape } = appIcons[file];
  return sharp(Buffer.from(iconSvg(colours, shape)), { density: Math.ceil((72 * size) / 100) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
