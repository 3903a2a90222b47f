/**
 * The bank-statement inbox on disk (`DATA_DIR/bank-inbox`), as those who drop statements into it see it:
 * the CLI when the running shop holds the embedded database, tests, the e2e journeys. Only the file
 * system here; the shop's side (claiming, importing, moving) is bank-inbox.ts.
 *
 *   bank-inbox/<name>.xml                  waiting: picked up once it is complete
 *   bank-inbox/.<anything>                 ignored: hidden names are for files still being written
 *   bank-inbox/processing/                 claimed by the process importing it
 *   bank-inbox/done/<name>.xml             imported, with <name>.report.json next to it
 *   bank-inbox/failed/<name>.xml           not a camt.053 statement, with <name>.report.json saying why
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InboxReport } from './import-report.ts';

export const bankInboxDir = (dataDir: string) => path.join(dataDir, 'bank-inbox');

export const inboxFolders = (inbox: string) => ({
  processing: path.join(inbox, 'processing'),
  done: path.join(inbox, 'done'),
  failed: path.join(inbox, 'failed'),
});

/** A name the inbox imports: `*.xml`, not hidden. `x.xml.part` or `.x.xml` are left alone until renamed. */
export const isStatementName = (name: string) => !name.startsWith('.') && /\.xml$/i.test(name);

/** `statement.xml` → `statement.report.json`. */
export const reportName = (statementName: string) => `${statementName.replace(/\.xml$/i, '')}.report.json`;

/**
 * Writes `content` to `target` all at once: to a hidden temporary name in the same folder first, then
 * renamed into place, so that a reader (the inbox, a waiting CLI) sees the whole file or none. Content
 * given in pieces (an async iterable) is written piece by piece.
 */
export async function writeFileAtomically(
  target: string,
  content: string | Uint8Array | AsyncIterable<string>,
): Promise<void> {
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(4).toString('hex')}.part`,
  );
  try {
    await writeFile(temporary, content);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Puts a statement into the inbox as `name` (renamed into place, never seen half-written); its path. */
export async function dropIntoInbox(inbox: string, name: string, content: string | Uint8Array) {
  if (!isStatementName(name)) throw new Error(`${name}: the inbox imports *.xml files only`);
  await mkdir(inbox, { recursive: true });
  const target = path.join(inbox, name);
  await writeFileAtomically(target, content);
  return target;
}

/**
 * A name no earlier statement had, for a file handed to the inbox: `statement.xml` →
 * `statement-20260424-101500-3f9a.xml`. Its report is then found under the same name.
 */
export function uniqueStatementName(file: string, now = new Date()): string {
  const base =
    path
      .basename(file)
      .replace(/\.xml$/i, '')
      .replace(/[^\p{L}\p{N}_-]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'statement';
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `${base}-${stamp}-${randomBytes(2).toString('hex')}.xml`;
}

export type FoundReport = { path: string; report: InboxReport };

/** The report of the statement dropped as `name`, once the shop has handled it; null before. */
export async function readInboxReport(inbox: string, name: string): Promise<FoundReport | null> {
  const folders = inboxFolders(inbox);
  for (const folder of [folders.done, folders.failed]) {
    const file = path.join(folder, reportName(name));
    try {
      return { path: file, report: JSON.parse(await readFile(file, 'utf8')) as InboxReport };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return null;
}

/** Waits (polling) for the report of `name`; null when none came within `timeoutMs`. */
export async function waitForInboxReport(
  inbox: string,
  name: string,
  { timeoutMs = 60_000, intervalMs = 500 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<FoundReport | null> {
  const stopAt = Date.now() + timeoutMs;
  for (;;) {
    const found = await readInboxReport(inbox, name);
    if (found || Date.now() >= stopAt) return found;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
