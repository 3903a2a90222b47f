import sharp from 'sharp';
import { generatedImageSvg } from './generated-image.ts';

export type HeroBox = { width: number; height: number; crop: boolean };

/** SPEC §9: hero image quality 50. */
export const heroQuality = 50;

/**
 * The source every hero size is cut from: what a designer would upload (a large 3:2 photo). Demo
 * brands name a generated picture by seed; drawing it large once and resizing like a real photo keeps
 * one pipeline for both.
 */
const sourceSize = { width: 2400, height: 1600 };

/** The seed of a generated hero picture from the brand config's `heroImage` ("/media/hero-demo"). */
export function heroSeed(heroImage: string): string | null {
  const match = /^\/media\/([a-z0-9-]{1,80})\/?$/.exec(heroImage);
  return match?.[1] ?? null;
}

/**
 * The hero at the configured box as WebP: `crop` fills the box exactly (cover, centred); otherwise the
 * whole picture fits inside it, so one side may come out shorter than the box.
 */
export function renderHeroImage(seed: string, box: HeroBox): Promise<Buffer> {
  const source = Buffer.from(generatedImageSvg(seed, sourceSize.width, sourceSize.height));
  return (
    sharp(source)
      .resize(box.width, box.height, { fit: box.crop ? 'cover' : 'inside', position: 'centre' })
      // A hero is opaque: without this, edge pixels of the resize could switch WebP to its alpha format.
      .removeAlpha()
      .webp({ quality: heroQuality })
      .toBuffer()
  );
}
