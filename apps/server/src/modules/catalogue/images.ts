/** Widths the media route renders; the storefront picks one with srcset. */
export const imageWidths = [320, 640, 960, 1280] as const;
export type ImageWidth = (typeof imageWidths)[number];

export function imageUrl(seed: string, width: ImageWidth = 640): string {
  return `/media/${encodeURIComponent(seed)}/${width}.webp`;
}

export function toImage(seed: string | null | undefined, alt: string) {
  return seed ? { url: imageUrl(seed), alt } : null;
}
