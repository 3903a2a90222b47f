/**
 * A position as PostgreSQL stores it in a tsvector (WordEntryPos): the weight class in the top two bits
 * (A = 3, B = 2, C = 1, D = 0) and the position (1…16383) in the lower fourteen.
 */
export type EncodedPosition = number;

export const positionBits = 14;
const positionMask = (1 << positionBits) - 1;

export const positionOf = (encoded: EncodedPosition) => encoded & positionMask;
export const weightClassOf = (encoded: EncodedPosition) => encoded >>> positionBits;

export type TsVectorVisitor = {
  /**
   * The lexeme is source.slice(start, end), handed over unsliced (with its hashOfChars) so that looking
   * up a known one costs no new string.
   */
  lexeme(source: string, start: number, end: number, hash: number): void;
  position(encoded: EncodedPosition): void;
};

const fnvOffset = 0x811c9dc5;
const fnvPrime = 0x01000193;

/** FNV-1a over the UTF-16 code units of source.slice(start, end). */
export function hashOfChars(source: string, start: number, end: number): number {
  let hash = fnvOffset;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ source.charCodeAt(i), fnvPrime);
  return hash;
}

const quote = 39; // '
const backslash = 92;
const colon = 58;
const comma = 44;
const space = 32;
const digit0 = 48;
const digit9 = 57;

/** A, B, C, D in either case → weight class 3…0; anything else is no weight letter. */
function weightClassOfLetter(code: number): number {
  const upper = code & ~32;
  return upper >= 65 && upper <= 68 ? 68 - upper : -1;
}

/**
 * Reads the text form of a tsvector (`'bayer':5A,10A,44 'wellness':3A,28B`) as PostgreSQL prints it:
 * every lexeme quoted ('' and \\ escaped), positions optional, weight D not written. Reading the text is
 * several times faster than letting PostgreSQL unnest and group the vectors (0.7 s against 5.7 s per
 * language for 100k offers).
 */
export function readTsVector(text: string, visitor: TsVectorVisitor): void {
  const length = text.length;
  let at = 0;
  while (at < length) {
    const code = text.charCodeAt(at);
    if (code === space) {
      at++;
      continue;
    }
    if (code !== quote) throw new Error(`tsvector text: expected a quoted lexeme at ${at}`);
    const start = at + 1;
    let end = start;
    let escaped = false;
    let hash = fnvOffset;
    for (;;) {
      if (end >= length) throw new Error('tsvector text: unterminated lexeme');
      const inner = text.charCodeAt(end);
      if (inner === quote) {
        if (text.charCodeAt(end + 1) !== quote) break;
        escaped = true;
        end += 2;
      } else if (inner === backslash) {
        escaped = true;
        end += 2;
      } else {
        hash = Math.imul(hash ^ inner, fnvPrime);
        end++;
      }
    }
    if (escaped) {
      const lexeme = text.slice(start, end).replace(/''|\\(.)/g, (_, char) => char ?? "'");
      visitor.lexeme(lexeme, 0, lexeme.length, hashOfChars(lexeme, 0, lexeme.length));
    } else {
      visitor.lexeme(text, start, end, hash);
    }
    at = end + 1;
    if (text.charCodeAt(at) !== colon) continue;
    at++;
    for (;;) {
      let position = 0;
      let digit = text.charCodeAt(at);
      if (digit < digit0 || digit > digit9) throw new Error(`tsvector text: expected a position at ${at}`);
      while (digit >= digit0 && digit <= digit9) {
        position = position * 10 + (digit - digit0);
        digit = text.charCodeAt(++at);
      }
      const weightClass = weightClassOfLetter(digit);
      if (weightClass >= 0) at++;
      visitor.position((Math.max(weightClass, 0) << positionBits) | Math.min(position, positionMask));
      if (text.charCodeAt(at) !== comma) break;
      at++;
    }
  }
}
