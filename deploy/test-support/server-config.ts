import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../apps/server/src/config.ts';

export { repoRoot };

/**
 * The variables the server's environment schema knows. zod drops keys it does not know without a word,
 * so a misspelt name in a manifest would start a server that silently ignores it: the names are read
 * from the schema's source, where each is a key of its own line.
 */
export function serverVariables(): Set<string> {
  const source = readFileSync(path.join(repoRoot, 'apps/server/src/config.ts'), 'utf8');
  const start = source.indexOf('const environmentSchema = z.object({');
  const end = source.indexOf('\n});', start);
  if (start < 0 || end < 0) throw new Error('config.ts: environmentSchema not found where expected');
  const names = [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
  // A reading that found only a few would let any manifest pass: the schema has dozens.
  if (names.length < 40 || !names.includes('DATABASE_URL') || !names.includes('SMTP_URL')) {
    throw new Error(`config.ts: read only ${names.length} variables from environmentSchema`);
  }
  return new Set(names);
}

/** `<placeholder>` in a Secret template; each becomes a value that a URL, a key or a token accepts. */
export const placeholderPattern = /<([a-z0-9-]+)>/g;

export function fillPlaceholders(value: string): string {
  return value.replace(placeholderPattern, (_, name: string) => `sample-${name}`);
}
