import { describe, expect, it } from 'vitest';
import { brandColours, parseHexColour } from './brand-colour.ts';

describe('brand colours on documents', () => {
  it('puts white text on a dark brand colour and dark text on a light one', () => {
    expect(brandColours('#0b6e4f').onPrimary).toEqual([255, 255, 255]);
    expect(brandColours('#f2c94c').onPrimary).toEqual([26, 26, 26]);
  });

  it('darkens a light brand colour for text on white paper, and keeps a dark one', () => {
    expect(brandColours('#0b6e4f').text).toEqual([11, 110, 79]);
    const yellow = brandColours('#f2c94c').text;
    expect(Math.max(...yellow)).toBeLessThan(160);
  });

  it('reads #rgb and #rrggbb and falls back to grey for anything else', () => {
    expect(parseHexColour('#fa0')).toEqual([255, 170, 0]);
    expect(parseHexColour('0B6E4F')).toEqual([11, 110, 79]);
    expect(parseHexColour('green')).toBeNull();
    expect(brandColours('green').primary).toEqual([51, 51, 51]);
  });
});
