import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { repoRoot } from './server-config.ts';

type LockEntry = { dev?: boolean; link?: boolean };
type PackageJson = { name?: string; imports?: Record<string, string>; exports?: unknown };

const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const builtins = new Set(builtinModules);

/**
 * Module specifiers a file loads at run time. Type-only imports and exports are erased by tsx; an
 * `import(...)` of a computed address (the development server's Vite) is not followed, as it should not be.
 */
function specifiersOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

function nearestPackage(file: string): { dir: string; json: PackageJson } {
  let dir = path.dirname(file);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return { dir, json: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson };
}

/** A workspace's own files: `#src/*`-style imports, relative paths, and the contracts package. */
function resolveOwnFile(specifier: string, from: string): string | undefined {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  if (specifier.startsWith('#')) {
    const { dir, json } = nearestPackage(from);
    for (const [pattern, target] of Object.entries(json.imports ?? {})) {
      const prefix = pattern.replace(/\*$/, '');
      if (specifier.startsWith(prefix))
        return path.join(dir, target.replace('*', specifier.slice(prefix.length)));
    }
    throw new Error(`${from}: ${specifier} matches no "imports" of ${dir}/package.json`);
  }
  if (specifier === '@shop/contracts') return path.join(repoRoot, 'packages/contracts/src/index.ts');
  if (specifier.startsWith('@shop/contracts/')) {
    return path.join(repoRoot, 'packages/contracts/src', `${specifier.slice('@shop/contracts/'.length)}.ts`);
  }
  return undefined;
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The lockfile entry Node would load a package from, looking up from the importing file as Node does. */
function lockEntryFor(name: string, from: string): [string, LockEntry] | undefined {
  let dir = path.relative(repoRoot, path.dirname(from));
  for (;;) {
    const key = path.join(dir, 'node_modules', name);
    if (lock.packages[key]) return [key, lock.packages[key]];
    if (dir === '' || dir === '.') return undefined;
    dir = path.dirname(dir) === '.' ? '' : path.dirname(dir);
  }
}

/**
 * Every package the given entry files load, following the repository's own files (workspace sources, the
 * contracts, relative imports), each with the lockfile entry `npm ci` installs it from.
 */
export function packagesLoadedBy(
  entries: string[],
): { name: string; from: string; key?: string; dev: boolean }[] {
  const seen = new Set<string>();
  const packages: { name: string; from: string; key?: string; dev: boolean }[] = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
      const own = resolveOwnFile(specifier, file);
      if (own) {
        queue.push(own);
        continue;
      }
      const name = packageName(specifier);
      const entry = lockEntryFor(name, file);
      packages.push({
        name,
        from: path.relative(repoRoot, file),
        key: entry?.[0],
        dev: entry === undefined || entry[1].dev === true,
      });
    }
  }
  return packages;
}

/** The JavaScript files of a build folder (the servers' bundles), or none when it is not built. */
export function buildFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(dir, file));
}
