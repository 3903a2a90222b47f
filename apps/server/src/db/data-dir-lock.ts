import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database may be opened by one process at a time: PGlite keeps its own buffers, and a
 * second process writing the same folder would corrupt it. The first process leaves its pid in the
 * folder; another one (a second `npm start`, `npm run bank-import`) refuses while that process lives.
 */
export function claimDataDir(dataDir: string): { release(): void } {
  const file = path.join(dataDir, 'shop-process.pid');
  const holder = Number.parseInt(readText(file) ?? '', 10);
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new DataDirInUse(dataDir, holder);
  }
  writeFileSync(file, String(process.pid));
  const release = () => {
    if (Number.parseInt(readText(file) ?? '', 10) === process.pid) rmSync(file, { force: true });
  };
  process.once('exit', release);
  return { release };
}

export class DataDirInUse extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `the embedded database in ${dataDir} is in use by process ${pid} (the running shop): ` +
        'one process at a time may open it; stop that one first (or, if no shop runs, delete ' +
        `${path.join(dataDir, 'shop-process.pid')}), or use a PostgreSQL server (DATABASE_URL)`,
    );
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
