import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiskCache } from './disk-cache.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-disk-cache-'));
  folders.push(dir);
  return dir;
}

/** Writes `bytes` bytes at `name`, last modified `ageSeconds` ago. */
async function put(dir: string, name: string, bytes: number, ageSeconds: number): Promise<void> {
  const file = path.join(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(bytes, 1));
  const at = Date.now() / 1000 - ageSeconds;
  await utimes(file, at, at);
}

const listed = async (dir: string) =>
  (await readdir(dir, { recursive: true })).map((name) => name.split(path.sep).join('/')).sort();
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const bytes = (count: number) => async () => Buffer.alloc(count, 2);

describe('disk cache', () => {
  it('learns the files on disk at start, oldest first, and trims them to the bound', async () => {
    const dir = await folder();
    await put(dir, 'a/640.webp', 400, 300);
    await put(dir, 'b/640.webp', 400, 200);
    await put(dir, 'hero/demo/xl-1x1-cover-hero-demo.webp', 400, 100);
    await put(dir, 'c/640.webp.0f3e.tmp', 50, 3600); // left over by a crashed write
    await put(dir, 'd/640.webp.9a1b.tmp', 50, 0); // being written by another process
    await mkdir(path.join(dir, 'empty'));

    const cache = createDiskCache({ dir, maxBytes: 1000 });
    await cache.scanned;
    expect(cache.usedBytes()).toBe(800);
    expect(await listed(dir)).toEqual([
      'b',
      'b/640.webp',
      'd',
      'd/640.webp.9a1b.tmp',
      'hero',
      'hero/demo',
      'hero/demo/xl-1x1-cover-hero-demo.webp',
    ]);

    // The next write evicts the oldest file found (b), not the hero written after it.
    await cache.renderOnce('e/640.webp', bytes(300));
    expect(await exists(path.join(dir, 'b/640.webp'))).toBe(false);
    expect(await exists(path.join(dir, 'hero/demo/xl-1x1-cover-hero-demo.webp'))).toBe(true);
    expect(cache.usedBytes()).toBe(700);
  });

  it('takes a file another process removed as a miss, and its eviction as done', async () => {
    const dir = await folder();
    const cache = createDiskCache({ dir, maxBytes: 1000 });
    await cache.scanned;
    await cache.renderOnce('a/640.webp', bytes(600));
    await cache.renderOnce('b/640.webp', bytes(300));

    await rm(path.join(dir, 'b'), { recursive: true });
    expect(await cache.read('b/640.webp')).toBeNull();
    expect(cache.usedBytes()).toBe(600);

    await rm(path.join(dir, 'a'), { recursive: true });
    // a is still counted here; evicting it finds nothing to delete and carries on.
    await cache.renderOnce('c/640.webp', bytes(500));
    expect(await listed(dir)).toEqual(['c', 'c/640.webp']);
    expect(cache.usedBytes()).toBe(500);
  });

  it('renders a picture once for concurrent requests and keeps none larger than the bound', async () => {
    const dir = await folder();
    const cache = createDiskCache({ dir, maxBytes: 1000 });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Buffer.alloc(100);
    };
    await Promise.all([cache.renderOnce('a/640.webp', render), cache.renderOnce('a/640.webp', render)]);
    expect(renders).toBe(1);

    expect((await cache.renderOnce('huge/640.webp', bytes(1001))).length).toBe(1001);
    expect(await exists(path.join(dir, 'huge'))).toBe(false);
    expect(await listed(dir)).toEqual(['a', 'a/640.webp']);
  });
});
