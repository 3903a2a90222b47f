#!/usr/bin/env node
// Builds the browser apps (the storefront, the back office) only when needed: no build yet, or a source
// it depends on is newer than its build. `npm start` and `npm run test:e2e` call this, so a first start
// builds and a second start skips straight to serving.
//
//   node scripts/ensure-build.mjs [storefront|admin ...] [--force]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contracts = path.join(repo, 'packages', 'contracts', 'src');

/** Each app: its workspace folder, the file whose age is the build's, and what the build reads. */
const apps = {
  storefront: {
    dir: path.join(repo, 'apps', 'storefront'),
    marker: 'build/server/index.js',
    sources: ['app', 'service-worker', 'vite.config.ts', 'react-router.config.ts', 'package.json'],
  },
  admin: {
    dir: path.join(repo, 'apps', 'admin'),
    marker: 'dist/server/entry-server.js',
    sources: ['src', 'index.html', 'vite.config.ts', 'package.json'],
  },
};

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

function reasonToBuild(app) {
  if (process.argv.includes('--force')) return 'forced';
  const marker = path.join(app.dir, app.marker);
  if (!existsSync(marker)) return 'no build yet';
  const builtAt = statSync(marker).mtimeMs;
  const sources = [...app.sources.map((source) => path.join(app.dir, source)), contracts];
  const changed = sources.find((source) => newest(source) > builtAt);
  return changed ? `${path.relative(repo, changed)} changed` : null;
}

const named = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
for (const name of named.length > 0 ? named : Object.keys(apps)) {
  const app = apps[name];
  if (!app) {
    console.error(`ensure-build: no app called ${name} (${Object.keys(apps).join(', ')})`);
    process.exit(2);
  }
  const reason = reasonToBuild(app);
  if (!reason) {
    console.log(`${name}: build is up to date`);
    continue;
  }
  console.log(`${name}: building (${reason}) …`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: app.dir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${name}: build failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
