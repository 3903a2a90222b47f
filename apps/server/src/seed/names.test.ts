import { describe, expect, it } from 'vitest';
import { italianAt, italianTo, slugify } from './names.ts';

describe('Italian articles before hotel names', () => {
  it('contracts "a" and "presso" with the article the first word takes', () => {
    expect(italianTo('Hotel Aurora')).toBe("all'Hotel Aurora");
    expect(italianTo('Albergo Stella')).toBe("all'Albergo Stella");
    expect(italianTo('Stadthotel Europa')).toBe('allo Stadthotel Europa');
    expect(italianTo('Villa Flora')).toBe('alla Villa Flora');
    expect(italianTo('Gasthof Post')).toBe('al Gasthof Post');
    expect(italianTo('Grand Hotel Savoy')).toBe('al Grand Hotel Savoy');
    expect(italianTo('Le Palme Resort')).toBe('a Le Palme Resort');
    expect(italianAt('Hotel Waldesruh')).toBe("presso l'Hotel Waldesruh");
    expect(italianAt('Locanda Il Glicine')).toBe('presso la Locanda Il Glicine');
    expect(italianAt('Seehotel Seeblick')).toBe('presso il Seehotel Seeblick');
  });
});

describe('slugify', () => {
  it('writes lower-case ASCII words joined by "-"', () => {
    expect(slugify('Hotel Weißes Rössl')).toBe('hotel-weisses-roessl');
  });
});
