import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, DataDirInUse } from './data-dir-lock.ts';

describe('the embedded database folder', () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterEach(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('is refused to a second process while the first one lives, and taken over once it is gone', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(holder);
    writeFileSync(path.join(dataDir, 'shop-process.pid'), String(holder.pid));
    expect(() => claimDataDir(dataDir)).toThrow(DataDirInUse);

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const lock = claimDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, 'shop-process.pid'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dataDir, 'shop-process.pid'))).toBe(false);
  });
});
