import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';
import { Arg, Copy, DockerfileParser, Env, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildFiles, packagesLoadedBy } from './test-support/runtime-imports.ts';
import { repoRoot } from './test-support/server-config.ts';

const dockerfileText = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
const dockerfile = DockerfileParser.parse(dockerfileText);
// A CommonJS module that is its own `default`, which is what NodeNext's types see.
const ignore = dockerignore
  .default()
  .add(readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n'));

/** The build stages, each with its FROM and the instructions up to the next FROM. */
const stages: { name: string | null; image: string; instructions: Instruction[] }[] = [];
for (const instruction of dockerfile.getInstructions()) {
  if (instruction.getKeyword() === 'FROM') {
    const from = dockerfile.getFROMs()[stages.length]!;
    stages.push({ name: from.getBuildStage(), image: from.getImage() ?? '', instructions: [] });
  } else {
    stages.at(-1)?.instructions.push(instruction);
  }
}
const finalStage = stages.at(-1)!;
const buildStage = stages.find((stage) => stage.name === 'build')!;
const of = (stage: (typeof stages)[number], keyword: string) =>
  stage.instructions.filter((instruction) => instruction.getKeyword() === keyword);
const text = (instruction: Instruction) => instruction.getArgumentsContent() ?? '';
const jsonArguments = (instruction: Instruction) => JSON.parse(text(instruction)) as string[];

/** COPY's arguments without its flags; the stage it copies from, if any. */
const copies = (stage: (typeof stages)[number]) =>
  stage.instructions
    .filter((instruction): instruction is Copy => instruction instanceof Copy)
    .map((copy) => ({ from: copy.getFromFlag()?.getValue() ?? null, paths: text(copy) }));

/** What `docker build .` sends: the repository's files (tracked or not, git's ignores aside) less .dockerignore. */
const repositoryFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: repoRoot,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const contextFiles = new Set(repositoryFiles.filter((file) => !ignore.ignores(file)));

describe('Dockerfile', () => {
  it('passes dockerfile-utils’ linter without an error or a warning', () => {
    const problems = validate(dockerfileText).map(
      (problem) => `line ${problem.range.start.line + 1}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
  });

  it('builds on Node 20 on Debian slim, every stage pinned to a version tag', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      const from = /^([a-z0-9./-]+):([\w.-]+)(@sha256:[0-9a-f]{64})?$/.exec(stage.image);
      expect(from, stage.image).not.toBeNull();
      expect(from![2]).not.toBe('latest');
      expect(stage.image).toMatch(/^node:20\.\d+\.\d+-bookworm-slim/);
    }
  });

  it('builds the storefront and the back office with SHOP_BUILD_ID, and copies only their output on', () => {
    expect(of(buildStage, 'ARG').map(text)).toContain('SHOP_BUILD_ID=""');
    const build = of(buildStage, 'RUN')
      .map(text)
      .find((command) => command.includes('npm run build'));
    expect(build).toMatch(/SHOP_BUILD_ID="\$\{SHOP_BUILD_ID\}" npm run build/);
    // Where the server looks for the builds by default (config.ts).
    const settings = loadConfig({});
    const fromBuild = copies(finalStage)
      .filter((copy) => copy.from === 'build')
      .map((copy) => copy.paths);
    expect(fromBuild.sort()).toEqual(
      [path.relative(repoRoot, settings.storefrontBuildDir), path.relative(repoRoot, settings.adminBuildDir)]
        .map((dir) => `/app/${dir} ${dir}`)
        .sort(),
    );
  });

  it('installs only production dependencies in the final stage, tsx among them', () => {
    const installs = of(finalStage, 'RUN')
      .map(text)
      .filter((command) => command.includes('npm ci'));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/npm ci --omit=dev/);
    const server = JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(server.dependencies.tsx).toBeDefined();
    // Every command the image serves is a root script handed to @shop/server, where tsx runs it.
    const root = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const command of ['worker', 'seed', 'staff', 'bank-import', 'backup', 'restore']) {
      expect(root.scripts[command], command).toMatch(
        new RegExp(`^npm run ${command} -w @shop/server( --)?$`),
      );
      expect(server.scripts[command], command).toMatch(/^(NODE_ENV=\S+ )?tsx src\/[\w/-]+\.ts( \w+)?$/);
    }
  });

  it('runs processes that load nothing `npm ci --omit=dev` leaves out', () => {
    const entries = [
      'main.ts',
      'worker.ts',
      'bank-import.ts',
      'staff-cli.ts',
      'backup-cli.ts',
      'seed/cli.ts',
    ];
    const loaded = packagesLoadedBy(entries.map((entry) => path.join(repoRoot, 'apps/server/src', entry)));
    expect(loaded.length).toBeGreaterThan(20);
    expect(loaded.filter((loadedPackage) => loadedPackage.dev)).toEqual([]);
    const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    expect(lock.packages['node_modules/tsx']?.dev).toBeUndefined();
    // The check itself: the request sweep (tests and benchmarks only) loads fast-check, a development tool.
    const sweep = packagesLoadedBy([path.join(repoRoot, 'apps/server/src/http/request-sweep.ts')]);
    expect(
      sweep.filter((loadedPackage) => loadedPackage.dev).map((loadedPackage) => loadedPackage.name),
    ).toContain('fast-check');
  });

  it('builds server renderers that load nothing `npm ci --omit=dev` leaves out (where they are built)', (context) => {
    const settings = loadConfig({});
    const files = [
      ...buildFiles(path.join(settings.storefrontBuildDir, 'server')),
      ...buildFiles(path.join(settings.adminBuildDir, 'server')),
    ];
    if (files.length === 0) return context.skip();
    expect(packagesLoadedBy(files).filter((loadedPackage) => loadedPackage.dev)).toEqual([]);
  });

  it('has the PostgreSQL 16 client tools from PGDG, signed by its key', () => {
    const runs = of(finalStage, 'RUN').map(text).join('\n');
    expect(runs).toMatch(/URIs: https:\/\/apt\.postgresql\.org\/pub\/repos\/apt/);
    expect(runs).toMatch(/Suites: bookworm-pgdg/);
    expect(runs).toMatch(/Signed-By: \/usr\/share\/keyrings\/pgdg\.asc/);
    expect(runs).toMatch(/apt-get install -y --no-install-recommends postgresql-client-16/);
    expect(copies(finalStage)).toContainEqual({
      from: 'pgdg-key',
      paths: '/pgdg.asc /usr/share/keyrings/pgdg.asc',
    });
  });

  it('runs as the non-root node user, in production, with DATA_DIR on a volume that user owns', () => {
    const users = of(finalStage, 'USER').map(text);
    expect(users.at(-1)).toBe('node');
    const lastUser = finalStage.instructions.lastIndexOf(of(finalStage, 'USER').at(-1)!);
    const later = finalStage.instructions.slice(lastUser).map((instruction) => instruction.getKeyword());
    expect(later).not.toContain('RUN');
    const environment = Object.fromEntries(
      finalStage.instructions
        .filter((instruction): instruction is Env => instruction instanceof Env)
        .flatMap((env) => env.getProperties().map((property) => [property.getName(), property.getValue()])),
    );
    expect(environment.NODE_ENV).toBe('production');
    expect(environment.DATA_DIR).toBe('/data');
    expect(of(finalStage, 'VOLUME').map(text)).toEqual(['["/data"]']);
    // Ownership set before VOLUME: a change to a volume's path after it is discarded.
    const chown = finalStage.instructions.findIndex((instruction) =>
      /chown node:node \/data/.test(text(instruction)),
    );
    const volume = finalStage.instructions.indexOf(of(finalStage, 'VOLUME')[0]!);
    expect(chown).toBeGreaterThanOrEqual(0);
    expect(chown).toBeLessThan(volume);
  });

  it('exposes the server’s port and checks /healthz with Node’s fetch', () => {
    expect(of(finalStage, 'EXPOSE').map(text)).toEqual([String(loadConfig({}).port)]);
    const healthchecks = of(finalStage, 'HEALTHCHECK').map(text);
    expect(healthchecks).toHaveLength(1);
    expect(healthchecks[0]).toMatch(/CMD \["node", "-e", ".*fetch\(.*\/healthz/);
    expect(healthchecks[0]).not.toMatch(/curl|wget/);
  });

  it('starts the server through tsx itself, not through npm start (ensure-build needs the dev tools)', () => {
    const commands = of(finalStage, 'CMD');
    expect(commands).toHaveLength(1);
    expect(jsonArguments(commands[0]!)).toEqual(['node_modules/.bin/tsx', 'apps/server/src/main.ts']);
    expect(contextFiles.has('apps/server/src/main.ts')).toBe(true);
    expect(contextFiles.has('apps/server/src/worker.ts')).toBe(true);
  });

  it('carries no secret: no ENV or ARG with a secret’s name and a value', () => {
    const secretName = /PASS|SECRET|TOKEN|KEY|CREDENTIAL|PRIVATE|_URL$/i;
    for (const stage of stages) {
      for (const instruction of stage.instructions) {
        if (!(instruction instanceof Env || instruction instanceof Arg)) continue;
        for (const property of instruction.getProperties()) {
          if (secretName.test(property.getName()))
            expect(property.getValue() ?? '', property.getName()).toBe('');
        }
      }
    }
  });

  it('copies from the context only files that are there and that .dockerignore lets through', () => {
    for (const copy of stages.flatMap(copies)) {
      if (copy.from) continue;
      const sources = copy.paths.split(/\s+/).slice(0, -1);
      for (const source of sources) {
        if (source === '.') continue;
        expect(contextFiles.has(source), source).toBe(true);
      }
    }
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, builds, local data, secrets and git out of the image', () => {
    for (const file of [
      'node_modules/react/index.js',
      'apps/server/node_modules/x/index.js',
      'apps/storefront/build/server/index.js',
      'apps/storefront/.react-router/types/app.ts',
      'apps/admin/dist/client/index.html',
      '.data/PG_VERSION',
      'apps/server/.data/media/x.webp',
      '.data-bench/PG_VERSION',
      '.env',
      '.env.production',
      'apps/server/.env.local',
      '.git/HEAD',
      'e2e/out/screen.png',
      'tsconfig.tsbuildinfo',
    ]) {
      expect(ignore.ignores(file), file).toBe(true);
    }
  });

  it('sends everything the server reads at run time', () => {
    for (const file of [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.base.json',
      'apps/server/src/main.ts',
      'apps/server/src/db/migrations',
      'apps/storefront/app/ui/markdown.tsx',
      'packages/contracts/src/index.ts',
      'assets/brands/demo/config.json',
    ]) {
      expect(ignore.ignores(file), file).toBe(false);
    }
    // Each migration and brand file in git goes in.
    const needed = repositoryFiles.filter((file) => /^(apps\/server\/src|assets|packages)\//.test(file));
    expect(needed.filter((file) => !contextFiles.has(file))).toEqual([]);
  });
});
