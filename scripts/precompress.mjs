// Writes .br and .gz files beside the built client files of a folder (the storefront's build/client,
// the admin's dist/assets), compressed once at the highest quality, so the server never compresses a
// static file per request (apps/server/src/modules/storefront/static-files.ts).
//
//   node scripts/precompress.mjs <folder relative to the repo>
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/precompress.mjs <folder>');
  process.exit(2);
}
const clientDir = path.resolve(repo, target);
const compressible = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|wasm)$/;

let files = 0;
let saved = 0;
for (const entry of await readdir(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const content = await readFile(file);
  if (content.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  files += 1;
  saved += content.length - brotli.length;
}
console.log(`${target}: precompressed ${files} files (brotli saves ${Math.round(saved / 1024)} KB)`);
