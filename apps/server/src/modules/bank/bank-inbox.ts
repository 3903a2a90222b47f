/**
 * The bank-statement inbox (`DATA_DIR/bank-inbox`, layout in inbox-files.ts): the process that runs
 * jobs imports every complete `*.xml` it finds there, writes `<name>.report.json` next to it and moves
 * it to `done/`, or to `failed/` when it is not a camt.053 statement. So the operator of the embedded
 * database can import while the shop runs (it holds the database; `npm run bank-import` hands the file
 * over), and nobody has to stop anything.
 *
 * The folder is one machine's: every process that runs jobs scans its own machine's folder, a moment
 * after its watch sees a file arrive and every minute, by a timer of its own. (A scan queued on the
 * shared job queue would run on whichever machine took it, which on another machine finds nothing.)
 * A file is taken only when it is complete: renamed into place (the convention: write `.name.xml` or
 * `name.xml.part`, then rename), or unchanged in size and time for `settleMs`. Each file is claimed by
 * an atomic rename into `processing/`, so two processes never import one file; the import itself is
 * idempotent besides (the same statement twice pays nothing twice).
 */
import { randomBytes } from 'node:crypto';
import { type FSWatcher, mkdirSync, watch as watchFolder } from 'node:fs';
import { access, link, lstat, mkdir, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import type { FulfilmentDeps } from '#src/modules/orders/order-paid.ts';
import { StatementFormatError } from './camt053.ts';
import { type InboxOutcome, type InboxReport, inboxReportJson, summarizeImport } from './import-report.ts';
import { inboxFolders, isStatementName, reportName, writeFileAtomically } from './inbox-files.ts';
import { importRecordedStatement } from './statement-records.ts';

/** The shared queue's minutely scan of earlier versions: retired, since a scan is one machine's. */
export const retiredBankInboxJob = 'bank.inbox';

export type BankInboxDeps = FulfilmentDeps & {
  db: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export type BankInboxOptions = {
  /** The inbox folder, `bankInboxDir(config.dataDir)`. */
  dir: string;
  /** A file must keep its size and time this long before it is taken (it may still be written). */
  settleMs?: number;
  /** How long the watch waits after the last change in the folder before it scans. */
  debounceMs?: number;
  /** The scan without a change seen (a watch can miss one, e.g. on a network folder). */
  intervalMs?: number;
  /** A claim older than this belongs to a process that died: the file goes back to the inbox. */
  staleClaimMs?: number;
};

/** One statement the inbox handled. */
export type HandledStatement = {
  file: string;
  status: InboxReport['status'];
  movedTo: string;
  report: string;
};

export type BankInbox = {
  /** Imports every complete statement in the inbox now; what it handled. */
  scan(): Promise<HandledStatement[]>;
  /** Watches the folder (in the process that runs jobs), scans what is there already and every minute. */
  watch(): void;
  close(): Promise<void>;
};

// An empty file is most likely one being written; it counts as a (failed) statement only after this.
const emptyFileGraceMs = 60_000;
const claimPattern = /^(\d+)\.[0-9a-f]+--(.+)$/;

export function createBankInbox(deps: BankInboxDeps, options: BankInboxOptions): BankInbox {
  const { dir } = options;
  const folders = inboxFolders(dir);
  const settleMs = options.settleMs ?? 1_000;
  const debounceMs = options.debounceMs ?? 500;
  const staleClaimMs = options.staleClaimMs ?? 15 * 60_000;
  const intervalMs = options.intervalMs ?? 60_000;

  async function scan(): Promise<HandledStatement[]> {
    for (const folder of Object.values(folders)) await mkdir(folder, { recursive: true });
    await returnStaleClaims();
    const names = (await readdir(dir)).filter(isStatementName);
    if (names.length === 0) return [];
    // Complete = unchanged over the settling time; a file renamed into place was complete before it came.
    const before = await fileStates(names);
    await sleep(settleMs);
    const after = await fileStates(names);
    const handled: HandledStatement[] = [];
    let failure: unknown;
    for (const name of names) {
      const first = before.get(name);
      const second = after.get(name);
      if (!first || !second || first.size !== second.size || first.mtimeMs !== second.mtimeMs) continue;
      if (second.size === 0 && Date.now() - second.mtimeMs < emptyFileGraceMs) continue;
      try {
        const result = await handle(name);
        if (result) handled.push(result);
      } catch (error) {
        // The next file may still go through; the job fails (and is retried) after the others.
        deps.log.error({ err: error, file: name }, 'bank inbox: import failed; the file stays in the inbox');
        failure ??= error;
      }
    }
    if (failure) throw failure;
    return handled;
  }

  async function fileStates(names: string[]) {
    const states = new Map<string, { size: number; mtimeMs: number }>();
    for (const name of names) {
      // lstat: a symbolic link in the inbox is no statement (it could point at any file of the host).
      const info = await lstat(path.join(dir, name)).catch(() => null);
      if (info?.isFile()) states.set(name, { size: info.size, mtimeMs: info.mtimeMs });
    }
    return states;
  }

  /** Claims, imports and files away one statement; null when another process claimed it first. */
  async function handle(name: string): Promise<HandledStatement | null> {
    const claimed = path.join(folders.processing, `${Date.now()}.${randomBytes(4).toString('hex')}--${name}`);
    try {
      await rename(path.join(dir, name), claimed);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    let outcome: InboxOutcome;
    try {
      try {
        // The file's path: the reader's worker thread reads it, not this one.
        const report = await importRecordedStatement(
          deps,
          { path: claimed },
          { fileName: name, source: 'inbox' },
        );
        outcome = { status: 'imported', ...report };
      } catch (error) {
        if (!(error instanceof StatementFormatError)) throw error;
        outcome = { status: 'failed', error: error.message, problem: error.problem };
      }
    } catch (error) {
      // Not the file's fault (database, disk): back into the inbox for the next attempt.
      await moveWithoutOverwriting(claimed, dir, name).catch(() => {});
      throw error;
    }
    const folder = outcome.status === 'imported' ? folders.done : folders.failed;
    const finalName = await moveWithoutOverwriting(claimed, folder, name);
    const movedTo = `${path.basename(folder)}/${finalName}`;
    const report = path.join(folder, reportName(finalName));
    const content: InboxReport = { file: name, movedTo, at: new Date().toISOString(), ...outcome };
    await writeFileAtomically(report, inboxReportJson(content));
    if (outcome.status === 'imported') {
      const summary = summarizeImport(outcome);
      deps.log.info(
        { file: name, movedTo, ...summary.fields },
        `bank inbox: ${name} imported: ${summary.message}`,
      );
    } else {
      // The problem's kind and place, not its text: an invalid value may be a payer's name or IBAN.
      const { kind } = outcome.problem;
      const at = 'at' in outcome.problem ? ` at ${outcome.problem.at}` : '';
      deps.log.warn(
        { file: name, movedTo, problem: kind },
        `bank inbox: ${name} is not a camt.053 statement (${kind}${at}): moved to ${movedTo}, see ${path.basename(report)}`,
      );
    }
    return { file: name, status: outcome.status, movedTo, report };
  }

  /** Files a process claimed and never finished (it died) go back to the inbox. */
  async function returnStaleClaims(): Promise<void> {
    for (const claimedName of await readdir(folders.processing)) {
      const match = claimPattern.exec(claimedName);
      if (!match || Date.now() - Number(match[1]) < staleClaimMs) continue;
      const name = match[2] ?? claimedName;
      const back = await moveWithoutOverwriting(path.join(folders.processing, claimedName), dir, name).catch(
        () => null,
      );
      if (back) deps.log.warn({ file: name }, `bank inbox: ${name} was left half-imported; trying again`);
    }
  }

  let watcher: FSWatcher | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let interval: ReturnType<typeof setInterval> | undefined;
  let isClosed = false;
  // One scan at a time in this process; a change during a scan asks for one more after it.
  let scanning: Promise<void> | undefined;
  let isAskedAgain = false;

  function scanNow(): void {
    if (isClosed) return;
    if (scanning) {
      isAskedAgain = true;
      return;
    }
    scanning = (async () => {
      try {
        // Only when there is something to import: moving a file out of the inbox is a change too.
        if ((await readdir(dir).catch(() => [])).some(isStatementName)) await scan();
        // The watch broke (e.g. the folder was removed; the scan made it again): watch the new one.
        if (watcher === undefined && interval !== undefined) startWatching();
      } catch {
        // Logged by the scan, per file; the timer tries again within a minute.
      } finally {
        scanning = undefined;
        if (isAskedAgain) {
          isAskedAgain = false;
          scanSoon();
        }
      }
    })();
  }
  const scanSoon = () => {
    if (isClosed) return;
    clearTimeout(timer);
    timer = setTimeout(scanNow, debounceMs);
  };

  function startWatching(): void {
    if (isClosed) return;
    try {
      watcher?.close();
      mkdirSync(dir, { recursive: true });
      watcher = watchFolder(dir, (_event, filename) => {
        if (filename === null || isStatementName(filename)) scanSoon();
      });
      watcher.on('error', (error) => {
        deps.log.warn(
          { err: error },
          'bank inbox: the watch on the folder failed; the minutely scan remains',
        );
        watcher?.close();
        watcher = undefined;
      });
    } catch (error) {
      deps.log.warn({ err: error }, 'bank inbox: cannot watch the folder; the minutely scan remains');
    }
  }

  return {
    scan,
    watch() {
      if (isClosed || interval) return;
      interval = setInterval(scanNow, intervalMs);
      interval.unref();
      startWatching();
      scanSoon();
    },
    async close() {
      isClosed = true;
      clearTimeout(timer);
      clearInterval(interval);
      watcher?.close();
      watcher = undefined;
      // A scan under way finishes (every file it took) before the database closes under it.
      await scanning;
    },
  };
}

/**
 * Moves `source` into `folder` as `name`, or `name-2.xml`, `name-3.xml`, … when that (or its report) is
 * taken: never over another file, also when two processes file two statements of one name at once.
 */
async function moveWithoutOverwriting(source: string, folder: string, name: string): Promise<string> {
  const base = name.replace(/\.xml$/i, '');
  const extension = name.slice(base.length);
  for (let attempt = 1; ; attempt++) {
    const candidate = attempt === 1 ? name : `${base}-${attempt}${extension}`;
    const target = path.join(folder, candidate);
    if (await exists(path.join(folder, reportName(candidate)))) continue;
    try {
      // link fails when the target exists: the atomic "create if absent" that rename is not.
      await link(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code ?? '')) throw error;
      // A file system without hard links: check, then rename.
      if (await exists(target)) continue;
      await rename(source, target);
      return candidate;
    }
    await unlink(source);
    return candidate;
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
