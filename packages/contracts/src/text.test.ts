import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wordIssue } from './messages.ts';
import { customerRequestSchema } from './orders.ts';
import { isSafeText, safeText, text } from './text.ts';

const sourceDir = import.meta.dirname;
const sourceFiles = readdirSync(sourceDir).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);

describe('isSafeText', () => {
  it('takes letters of every script, emoji (a surrogate pair), tab, newline and carriage return', () => {
    for (const value of [
      '',
      'Grüße aus Köln',
      'Città – çà',
      'Ελλάδα',
      '東京',
      '😀👍🏽',
      'a\tb\nc\r\n',
      '\u00a0\u2028',
    ]) {
      expect(isSafeText(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('refuses NUL, the other C0 controls, DEL, C1 and lone surrogates', () => {
    const unsafe = [
      '\u0000',
      'a\u0001',
      '\u0008',
      '\u000b',
      '\u000c',
      '\u001b[0m',
      '\u001f',
      '\u007f',
      '\u0080',
      '\u0085',
      '\u009f',
    ];
    const lone = ['\ud800', 'x\ud83d', '\ud83dx', '\ude00', 'a\ude00b', '\ude00\ud83d', '😀\ud800'];
    for (const value of [...unsafe, ...lone]) expect(isSafeText(value), JSON.stringify(value)).toBe(false);
  });
});

describe('text()', () => {
  it('answers our key first and alone, whatever else the field checks', () => {
    const field = text()
      .trim()
      .min(1)
      .max(3)
      .regex(/^[a-z]+$/, 'slug');
    const result = field.safeParse('\u0000toolong\u0000');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['unsafeText']);
    expect(field.safeParse(' abc ').data).toBe('abc');
  });

  it('is worded with the field’s name in every language, as the checkout form shows it', () => {
    const result = customerRequestSchema.safeParse({
      orderId: 1,
      key: 'k',
      gender: 20,
      firstName: 'Anna\u0000',
      lastName: 'Huber\ud800',
      email: 'anna\u0000@example.com',
      street: 'Hauptstraße',
      houseNumber: '1',
      postcode: '80331',
      city: 'München',
      country: 'DE',
      acceptTerms: true,
    });
    const worded = (locale: 'de' | 'en' | 'it') =>
      result.error?.issues.map((issue) => [issue.path.join('.'), wordIssue(issue, locale)]);
    expect(worded('de')).toEqual([
      ['firstName', 'Vorname enthält unzulässige Zeichen.'],
      ['lastName', 'Nachname enthält unzulässige Zeichen.'],
      ['email', 'E-Mail-Adresse enthält unzulässige Zeichen.'],
    ]);
    expect(worded('en')?.[0]).toEqual(['firstName', 'First name contains characters that are not allowed.']);
    expect(worded('it')?.[0]).toEqual(['firstName', 'Il campo Nome contiene caratteri non consentiti.']);
  });
});

/**
 * The guard for the future: every string schema reachable from any export of any module here must
 * start with `safeText`. Walks zod's definitions (`_zod.def`); a kind of schema the walk does not
 * know fails, so that a new wrapper cannot hide a string.
 */
describe('every string of the contracts', () => {
  // A problem's own text may quote the request as it came (text.ts, `quotedText`).
  const quoted = new Set([
    'problemSchema.detail',
    'problemSchema.instance',
    'problemSchema.errors[].message',
    // The close's 409 is a problem too (with the new total).
    'closeConflictSchema.detail',
    'closeConflictSchema.instance',
    'closeConflictSchema.errors[].message',
  ]);
  const leaves = new Set([
    'number',
    'boolean',
    'bigint',
    'literal',
    'enum',
    'date',
    'null',
    'undefined',
    'void',
    'never',
    'any',
    'unknown',
    'nan',
    'symbol',
    'custom',
    'transform',
  ]);

  type Found = { path: string; checks: unknown[] };

  type Schema = z.core.$ZodType;

  function walk(schema: Schema, at: string, found: Found[], seen: Set<unknown>): void {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    if (def.type === 'string') {
      found.push({ path: at, checks: def.checks ?? [] });
      return;
    }
    for (const [inner, innerPath] of innerSchemas(def, at)) walk(inner, innerPath, found, seen);
  }

  /** The schemas a schema is made of, each with its path. */
  function innerSchemas(def: z.core.$ZodTypeDef & Record<string, unknown>, at: string): [Schema, string][] {
    const inner = (key: string, suffix = ''): [Schema, string] => [def[key] as Schema, `${at}${suffix}`];
    switch (def.type) {
      case 'object':
        return [
          ...Object.entries(def.shape as Record<string, Schema>).map(([key, value]): [Schema, string] => [
            value,
            `${at}.${key}`,
          ]),
          ...(def.catchall ? [inner('catchall', '.*')] : []),
        ];
      case 'array':
        return [inner('element', '[]')];
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
      case 'success':
      case 'promise':
        return [inner('innerType')];
      case 'pipe':
        return [inner('in'), inner('out')];
      case 'union':
        return (def.options as Schema[]).map((option): [Schema, string] => [option, at]);
      case 'intersection':
        return [inner('left'), inner('right')];
      case 'record':
      case 'map':
        return [inner('keyType', '{key}'), inner('valueType', '{}')];
      case 'set':
        return [inner('valueType', '[]')];
      case 'tuple':
        return [
          ...(def.items as Schema[]).map((item, index): [Schema, string] => [item, `${at}[${index}]`]),
          ...(def.rest ? [inner('rest', '[]')] : []),
        ];
      case 'lazy':
        return [[(def.getter as () => Schema)(), at]];
      default:
        if (!leaves.has(def.type)) throw new Error(`${at}: the walk does not know ${def.type} schemas`);
        return [];
    }
  }

  async function exportedStrings(): Promise<Found[]> {
    const found: Found[] = [];
    for (const file of sourceFiles) {
      const exports: Record<string, unknown> = await import(path.join(sourceDir, file));
      for (const [name, value] of Object.entries(exports)) {
        if (value instanceof z.ZodType) walk(value, name, found, new Set());
      }
    }
    return found;
  }

  it('starts with the shared safeText check (walking every exported schema)', async () => {
    const found = await exportedStrings();
    // The walk reaches the strings of requests and answers alike.
    for (const known of [
      'customerRequestSchema.firstName',
      'reductionCodeParams.id',
      'addItemRequestSchema.ref',
    ]) {
      expect(found.map((entry) => entry.path)).toContain(known);
    }
    const unchecked = found
      .filter((entry) => !quoted.has(entry.path) && entry.checks[0] !== safeText)
      .map((entry) => entry.path);
    expect(unchecked).toEqual([]);
    expect(found.filter((entry) => quoted.has(entry.path))).toHaveLength(quoted.size);
  });

  it('is written with text(): no bare z.string() or z.coerce in the sources (grep)', () => {
    const offenders = sourceFiles
      .filter((file) => file !== 'text.ts')
      .flatMap((file) =>
        readFileSync(path.join(sourceDir, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ where: `${file}:${index + 1}`, line }))
          .filter(({ line }) => /\bz\s*\.\s*(string|coerce)\b/.test(line)),
      )
      .map(({ where, line }) => `${where}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('the walk finds a string without the check (the guard can fail)', () => {
    const found: Found[] = [];
    walk(z.object({ a: z.array(z.string().optional()), b: text() }), 'probe', found, new Set());
    expect(found.filter((entry) => entry.checks[0] !== safeText).map((entry) => entry.path)).toEqual([
      'probe.a[]',
    ]);
  });
});
