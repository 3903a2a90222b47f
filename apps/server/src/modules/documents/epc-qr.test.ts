import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type EpcTransfer, epcPayload, epcQrPng, epcQrSvg } from './epc-qr.ts';
import { decodeQr } from './pdf-inspection.test-support.ts';

const transfer: EpcTransfer = {
  name: 'Ferienglück Touristik GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  amountCents: 12_345,
  reference: 'Bestellung 4711 DEMO-2026-000042',
  purpose: 'GDSV',
};

async function decodeImage(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image, { density: 300 })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return decodeQr(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width);
}

describe('EPC QR code (GiroCode)', () => {
  it('writes the fields in the order of EPC069-12 version 002, UTF-8, SEPA credit transfer', () => {
    expect(epcPayload(transfer).split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Ferienglück Touristik GmbH',
      'DE89370400440532013000',
      'EUR123.45',
      'GDSV',
      '',
      'Bestellung 4711 DEMO-2026-000042',
    ]);
  });

  it("matches the standard's own example, with the amount in full cents", () => {
    const payload = epcPayload({
      name: 'Red Cross of Belgium',
      iban: 'BE72000000001616',
      bic: 'BPOTBEB1',
      amountCents: 100,
      reference: 'Urgency fund',
      purpose: 'CHAR',
    });
    expect(payload).toBe(
      'BCD\n002\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR1.00\nCHAR\n\nUrgency fund',
    );
  });

  it('leaves the optional BIC and purpose empty, and writes the smallest and largest amounts', () => {
    const lines = epcPayload({ ...transfer, bic: null, purpose: undefined, amountCents: 1 }).split('\n');
    expect(lines[4]).toBe('');
    expect(lines[7]).toBe('EUR0.01');
    expect(lines[8]).toBe('');
    expect(epcPayload({ ...transfer, amountCents: 99_999_999_999 }).split('\n')[7]).toBe('EUR999999999.99');
  });

  it.each([
    ['a name over 70 characters', { name: 'x'.repeat(71) }, /name/],
    ['an empty name', { name: '  ' }, /name/],
    ['a wrong IBAN check digit', { iban: 'DE89370400440532013001' }, /IBAN/],
    ['an IBAN with other characters', { iban: 'DE89-3704-0044-0532-0130-00' }, /IBAN/],
    ['a malformed BIC', { bic: 'COBA' }, /BIC/],
    ['no amount', { amountCents: 0 }, /amount/],
    ['more than 999999999.99', { amountCents: 100_000_000_000 }, /amount/],
    ['fractions of a cent', { amountCents: 12.5 }, /amount/],
    ['a reference over 140 characters', { reference: 'r'.repeat(141) }, /reference/],
    ['an empty reference', { reference: '' }, /reference/],
    ['a line break in a field', { reference: 'Bestellung\n4711' }, /single line/],
    ['a purpose not of four capitals', { purpose: 'gdsv' }, /purpose/],
  ])('rejects %s', (_, change, message) => {
    expect(() => epcPayload({ ...transfer, ...change })).toThrow(message);
  });

  it('draws an SVG and a PNG that a scanner reads back as the payload', async () => {
    const payload = epcPayload(transfer);
    const svg = await epcQrSvg(payload);
    expect(svg).toMatch(/^<svg/);
    expect(await decodeImage(Buffer.from(svg))).toBe(payload);
    expect(await decodeImage(await epcQrPng(payload))).toBe(payload);
  });
});
