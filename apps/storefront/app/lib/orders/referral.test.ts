import { describe, expect, it } from 'vitest';
import { decodeReferral, parseReferral, referralFields } from './referral.ts';

const now = new Date('2026-03-01T10:00:00Z');

describe('referral token (SPEC §1 r / rx)', () => {
  it('keeps code, extra data, landing path, referer and time from the start URL', () => {
    const token = parseReferral(
      new URL('https://shop.example/urlaub/hotel/angebot?r=partner42&rx=campaign-7&utm=x'),
      'https://partner.example/page',
      now,
    );
    expect(token).toEqual({
      code: 'partner42',
      payload: 'campaign-7',
      path: '/urlaub/hotel/angebot',
      referer: 'https://partner.example/page',
      createdAt: '2026-03-01T10:00:00.000Z',
      isUsed: false,
    });
  });

  it('no r, an empty r or one longer than the contract allows: no token', () => {
    expect(parseReferral(new URL('https://shop.example/?rx=only'), '', now)).toBeNull();
    expect(parseReferral(new URL('https://shop.example/?r=%20'), '', now)).toBeNull();
    expect(parseReferral(new URL(`https://shop.example/?r=${'x'.repeat(101)}`), '', now)).toBeNull();
  });

  it('rx is optional', () => {
    expect(parseReferral(new URL('https://shop.example/?r=abc'), '', now)?.payload).toBeNull();
  });

  it('reads a stored token back and ignores what is not one', () => {
    const token = parseReferral(new URL('https://shop.example/x?r=abc'), '', now);
    expect(decodeReferral(JSON.stringify(token))).toEqual(token);
    expect(decodeReferral(null)).toBeNull();
    expect(decodeReferral('not json')).toBeNull();
    expect(decodeReferral('{"code":42}')).toBeNull();
  });

  it('becomes the item-add fields: ref, refPayload, referer, refPath, refUsed', () => {
    const token = parseReferral(new URL('https://shop.example/x?r=abc&rx=7'), 'https://a.example/', now);
    expect(referralFields(token)).toEqual({
      ref: 'abc',
      refPayload: '7',
      referer: 'https://a.example/',
      refPath: '/x',
      refUsed: false,
    });
    expect(referralFields(token && { ...token, isUsed: true }).refUsed).toBe(true);
    expect(referralFields(null)).toEqual({});
  });
});
