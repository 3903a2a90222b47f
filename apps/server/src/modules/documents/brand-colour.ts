/**
 * A brand's primary colour as the documents use it: the colour itself for bands, frames and rules,
 * a pale tint for boxes, and text colours that stay readable (WCAG contrast 4.5 : 1): on the colour
 * (a light brand colour gets dark text, not white), and for headings on white paper.
 */
export type Rgb = [number, number, number];

export type BrandColours = {
  primary: Rgb;
  /** Text on a primary-coloured band. */
  onPrimary: Rgb;
  /** The brand colour for text on white, darkened when the colour itself is too light to read. */
  text: Rgb;
  tint: Rgb;
};

// A colour the brand settings got wrong still yields a sober document rather than a failed download.
const fallback: Rgb = [51, 51, 51];

export function parseHexColour(value: string): Rgb | null {
  const hex = value.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(hex) ? [...hex].map((digit) => digit + digit).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as Rgb;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const mixWithWhite = (colour: Rgb, share: number): Rgb =>
  colour.map((channel) => Math.round(channel * share + 255 * (1 - share))) as Rgb;

// Contrast 4.5 : 1 against white, (1 + 0.05) / (L + 0.05), holds up to this luminance.
const readableOnWhite = 0.18;

function darkenUntilReadable(colour: Rgb): Rgb {
  let darker = colour;
  while (luminance(darker) > readableOnWhite)
    darker = darker.map((channel) => Math.floor(channel * 0.9)) as Rgb;
  return darker;
}

export function brandColours(primaryColor: string): BrandColours {
  const primary = parseHexColour(primaryColor) ?? fallback;
  const onPrimary: Rgb = luminance(primary) <= readableOnWhite ? [255, 255, 255] : [26, 26, 26];
  return { primary, onPrimary, text: darkenUntilReadable(primary), tint: mixWithWhite(primary, 0.08) };
}
