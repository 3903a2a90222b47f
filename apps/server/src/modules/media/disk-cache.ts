import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type DiskCacheOptions = {
  /** The folder of rendered files (created when missing). */
  dir: string;
  /** At most this many bytes of rendered files; the least recently used go first. */
  maxBytes: number;
  log?: (message: string, error?: unknown) => void;
};

export type DiskCache = {
  /** The file's bytes if it is on disk (it becomes the most recently used), else null. */
  read(name: string): Promise<Buffer | null>;
  /**
   * `render()` kept under `name`: concurrent callers share one render, and the result is written
   * (tmp + rename) after the least recently used files have made room for it.
   */
  renderOnce(name: string, render: () => Promise<Buffer>): Promise<Buffer>;
  /** Resolves when the files found on disk at start are counted and trimmed to the bound. */
  scanned: Promise<void>;
  /** Bytes this process believes are on disk. */
  usedBytes(): number;
  /** Stops the start-up scan early (on server close). */
  close(): void;
};

/** A `.tmp` file this old is left over from a crashed write, not one being written now. */
const staleTemporaryMs = 10 * 60_000;
/** Folders walked, or files deleted, at once while scanning or trimming. */
const ioConcurrency = 16;

/**
 * A size-bounded folder of rendered files with least-recently-used eviction. `name` is a relative
 * path built by the caller from safe parts (`<folder>/<file>`, `hero/<short>/<file>`).
 *
 * Sizes and recency live in this process (a Map in use order); at start the folder is walked once in
 * the background (one readdir per folder, one stat per file: no reads) and its files join as least
 * recent, oldest first. Several processes may share the folder: each counts the files it reads or
 * writes, so the accounting is approximate, and a file another process removed is simply a miss
 * (read), or nothing to do (delete).
 */
export function createDiskCache(options: DiskCacheOptions): DiskCache {
  const { dir, maxBytes } = options;
  const log = options.log ?? (() => {});
  /** name → bytes, least recently used first. */
  const entries = new Map<string, number>();
  let total = 0;
  const inFlight = new Map<string, Promise<Buffer>>();
  let closed = false;

  function remember(name: string, bytes: number): void {
    forget(name);
    entries.set(name, bytes);
    total += bytes;
  }

  function forget(name: string): void {
    const bytes = entries.get(name);
    if (bytes === undefined) return;
    entries.delete(name);
    total -= bytes;
  }

  /** Takes the least recently used entries (never `keep`) out of the accounting until `total` fits. */
  function takeVictims(keep?: string): string[] {
    const victims: string[] = [];
    for (const [name, bytes] of entries) {
      if (total <= maxBytes) break;
      if (name === keep) continue;
      entries.delete(name);
      total -= bytes;
      victims.push(name);
    }
    return victims;
  }

  async function remove(name: string): Promise<void> {
    try {
      await unlink(path.join(dir, name));
    } catch (error) {
      if (!isMissing(error)) log(`media cache: could not delete ${name}`, error);
    }
    // An emptied folder goes too; one that is not empty (or already gone) stays as it is.
    const folder = path.dirname(name);
    if (folder !== '.') await rmdir(path.join(dir, folder)).catch(() => {});
  }

  async function store(name: string, bytes: Buffer): Promise<void> {
    if (bytes.length > maxBytes) return;
    // Count it first, so that concurrent writes in this process make room for each other.
    remember(name, bytes.length);
    await forEachLimited(takeVictims(name), remove);
    try {
      await writeAtomically(path.join(dir, name), bytes);
    } catch (error) {
      forget(name);
      log(`media cache: could not write ${name}`, error);
    }
  }

  async function read(name: string): Promise<Buffer | null> {
    try {
      const bytes = await readFile(path.join(dir, name));
      remember(name, bytes.length);
      return bytes;
    } catch {
      // Missing (never written, evicted, or removed by another process) or unreadable: a miss. A file
      // being written right now keeps the room its write has counted.
      if (!inFlight.has(name)) forget(name);
      return null;
    }
  }

  function renderOnce(name: string, render: () => Promise<Buffer>): Promise<Buffer> {
    let job = inFlight.get(name);
    if (!job) {
      job = render().then(async (bytes) => {
        await store(name, bytes);
        return bytes;
      });
      inFlight.set(name, job);
      const settled = job;
      const done = () => {
        if (inFlight.get(name) === settled) inFlight.delete(name);
      };
      job.then(done, done);
    }
    return job;
  }

  async function learnFolder(): Promise<void> {
    const found = await scanFolder(dir, () => closed);
    // Files this process touched while the scan ran are more recent than anything found on disk.
    const touched = [...entries];
    entries.clear();
    total = 0;
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const file of found) remember(file.name, file.bytes);
    for (const [name, bytes] of touched) remember(name, bytes);
    await forEachLimited(takeVictims(), remove);
  }

  const scanned = learnFolder().catch((error: unknown) =>
    log('media cache: scanning the folder failed', error),
  );

  return {
    read,
    renderOnce,
    scanned,
    usedBytes: () => total,
    close: () => {
      closed = true;
    },
  };
}

type FoundFile = { name: string; bytes: number; mtimeMs: number };

/**
 * The rendered files under `root` (two folder levels: `<seed>/` and `hero/<short>/`). Deletes what
 * earlier runs left behind: stale `.tmp` files and empty folders. Anything another process removes
 * meanwhile is skipped.
 */
async function scanFolder(root: string, isClosed: () => boolean): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  const now = Date.now();
  let folders: string[] = ['.'];
  for (let depth = 0; folders.length > 0 && depth <= 2 && !isClosed(); depth++) {
    const next: string[] = [];
    await forEachLimited(folders, async (folder) => {
      if (isClosed()) return;
      const children = await readdir(path.join(root, folder), { withFileTypes: true }).catch(() => []);
      let kept = 0;
      for (const child of children) {
        const name = folder === '.' ? child.name : `${folder}/${child.name}`;
        if (child.isDirectory()) {
          next.push(name);
          kept++;
          continue;
        }
        const info = child.isFile() ? await stat(path.join(root, name)).catch(() => null) : null;
        if (!info) continue;
        if (!child.name.endsWith('.tmp')) {
          found.push({ name, bytes: info.size, mtimeMs: info.mtimeMs });
          kept++;
        } else if (now - info.mtimeMs > staleTemporaryMs) {
          await unlink(path.join(root, name)).catch(() => {});
        } else {
          kept++;
        }
      }
      if (kept === 0 && folder !== '.') await rmdir(path.join(root, folder)).catch(() => {});
    });
    folders = next;
  }
  return found;
}

/** Write then rename, so that a reader (in any process) never sees half a file. */
async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes);
    } catch (error) {
      // Another process removed the folder as it emptied it, between our mkdir and our write.
      if (attempt < 3 && isMissing(error)) continue;
      throw error;
    }
    try {
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
    return;
  }
}

async function forEachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(ioConcurrency, items.length) }, worker));
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
