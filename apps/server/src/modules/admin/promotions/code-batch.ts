import { randomInt } from 'node:crypto';

/**
 * Letters and digits a customer reads off a card and types without doubt: no 0/O, 1/I/L, and no U/V
 * pair either. 29 characters, ten of them: about 4 · 10^14 codes, so a batch of 10,000 rarely draws one
 * twice and a guess hits one of them about once in 40 billion tries.
 */
export const codeAlphabet = 'ABCDEFGHJKMNPQRSTWXYZ23456789';
export const randomLength = 10;

/** `count` distinct random codes after `prefix` (with a dash between them when there is one). */
export function randomCodes(count: number, prefix: string): string[] {
  const codes = new Set<string>();
  const head = prefix ? `${prefix.replace(/-+$/, '')}-` : '';
  while (codes.size < count) {
    let random = '';
    for (let i = 0; i < randomLength; i++) random += codeAlphabet[randomInt(codeAlphabet.length)];
    codes.add(head + random);
  }
  return [...codes];
}
