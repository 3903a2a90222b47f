/** Widths the media route renders for every catalogue picture. */
const widths = [320, 640, 960, 1280];

/** srcset for a catalogue picture URL ending in `/<width>.webp`; undefined for any other URL. */
export function srcSetFor(url: string): string | undefined {
  const match = /^(.*)\/\d+\.webp$/.exec(url);
  if (!match) return undefined;
  return widths.map((width) => `${match[1]}/${width}.webp ${width}w`).join(', ');
}
