import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const file = process.argv[2];
const code = readFileSync(file, 'utf8');
const map = JSON.parse(readFileSync(file + '.map', 'utf8'));
const c = new SourceMapConsumer(map);
const lines = code.split('\n');
const sizes = new Map();
let prev = null;
c.eachMapping((m) => {
  if (prev) {
    let len;
    if (prev.generatedLine === m.generatedLine) len = m.generatedColumn - prev.generatedColumn;
    else len = lines[prev.generatedLine - 1].length - prev.generatedColumn;
    const key = (prev.source ?? '?').replace(/.*node_modules\//, 'nm:').replace(/.*\/src\//, 'src/');
    const k2 = process.env.FULL ? key : key.startsWith('nm:') ? key.split('/').slice(0, key.startsWith('nm:@') ? 2 : 1).join('/') : key;
    sizes.set(k2, (sizes.get(k2) ?? 0) + len);
  }
  prev = m;
});
const total = code.length;
for (const [k, v] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(String(Math.round(v / 1024 * 10) / 10).padStart(7), k);
console.log('total raw KB', (total / 1024).toFixed(1));
