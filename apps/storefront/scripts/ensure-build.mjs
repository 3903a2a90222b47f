#!/usr/bin/env node
// Builds the storefront only when needed: no build yet, or a source it depends on is newer than the
// build. `npm start` calls this, so a first start builds and a second start skips straight to serving.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const storefront = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(storefront, '../..');
const marker = path.join(storefront, 'build', 'server', 'index.js');
const sources = [
  path.join(storefront, 'app'),
  path.join(storefront, 'service-worker'),
  path.join(storefront, 'vite.config.ts'),
  path.join(storefront, 'react-router.config.ts'),
  path.join(storefront, 'package.json'),
  path.join(repo, 'packages', 'contracts', 'src'),
];

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

function reasonToBuild() {
  if (process.argv.includes('--force')) return 'forced';
  if (!existsSync(marker)) return 'no build yet';
  const builtAt = statSync(marker).mtimeMs;
  const changed = sources.find((source) => newest(source) > builtAt);
  return changed ? `${path.relative(repo, changed)} changed` : null;
}

const reason = reasonToBuild();
if (!reason) {
  console.log('storefront: build is up to date');
  process.exit(0);
}
console.log(`storefront: building (${reason}) …`);
const started = Date.now();
const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: storefront, stdio: 'inherit' });
if (result.status !== 0) {
  console.error('storefront: build failed');
  process.exit(result.status ?? 1);
}
console.log(`storefront: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
