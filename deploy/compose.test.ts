import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { loadConfig } from '../apps/server/src/config.ts';
import { repoRoot, serverVariables } from './test-support/server-config.ts';

type Service = {
  image?: string;
  build?: { context: string; dockerfile?: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean; interval?: string };
  ports?: string[];
  volumes?: string[];
};

const deployDir = path.join(repoRoot, 'deploy');
const document = parseDocument(readFileSync(path.join(deployDir, 'compose.yaml'), 'utf8'), { merge: true });
const compose = document.toJS() as { name: string; services: Record<string, Service> };
const services = compose.services;
const caddyfile = readFileSync(path.join(deployDir, 'Caddyfile'), 'utf8');

/** The shop's own services: built from the repository's Dockerfile. */
const shopServices = Object.entries(services).filter(([, service]) => service.build);
/** Web processes: the image's own command (the server). */
const webServices = shopServices.filter(([, service]) => !service.command).map(([name]) => name);

const environmentOf = (service: Service) =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, String(value)]));

describe('deploy/compose.yaml', () => {
  it('is YAML without errors or warnings', () => {
    expect(document.errors).toEqual([]);
    expect(document.warnings).toEqual([]);
  });

  it('pins every image it pulls to a version, and builds the shop from the repository’s Dockerfile', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build) {
        const context = path.resolve(deployDir, service.build.context);
        expect(context, name).toBe(repoRoot);
        expect(existsSync(path.join(context, service.build.dockerfile ?? 'Dockerfile')), name).toBe(true);
        expect(service.build.args?.SHOP_BUILD_ID, name).toBeDefined();
        continue;
      }
      // name:tag with a version number in the tag: never latest, never a bare name.
      expect(service.image, name).toMatch(/^[a-z0-9./-]+:v?\d+(\.\d+)+[\w.-]*$/);
    }
    expect(services.postgres?.image).toMatch(/^postgres:16\./);
    expect(services.redis?.image).toMatch(/^redis:7\./);
  });

  it('runs two web processes and one worker, all on PostgreSQL, Redis and Mailpit', () => {
    expect(webServices).toHaveLength(2);
    const workers = shopServices.filter(([, service]) => service.command);
    expect(workers.map(([, service]) => service.command)).toEqual([
      ['node_modules/.bin/tsx', 'apps/server/src/worker.ts'],
    ]);
    for (const [name, service] of shopServices) {
      const environment = environmentOf(service);
      const database = new URL(environment.DATABASE_URL!);
      const postgres = environmentOf(services.postgres!);
      expect(database.hostname, name).toBe('postgres');
      expect([database.username, database.password, database.pathname], name).toEqual([
        postgres.POSTGRES_USER,
        postgres.POSTGRES_PASSWORD,
        `/${postgres.POSTGRES_DB}`,
      ]);
      expect(new URL(environment.REDIS_URL!).hostname, name).toBe('redis');
      // Mailpit's SMTP port, plain: it offers no STARTTLS and asks for no login.
      expect(environment.SMTP_URL, name).toBe('smtp://mailpit:1025');
      expect(environment.MAIL_FROM, name).toBeDefined();
    }
    expect(services.mailpit?.ports).toContain('127.0.0.1:8025:8025');
  });

  it('starts a web process only once PostgreSQL answers, and the proxy only once both web processes do', () => {
    expect(services.postgres?.healthcheck?.test?.join(' ')).toContain('pg_isready');
    for (const name of [...webServices, 'worker']) {
      expect(services[name]?.depends_on?.postgres, name).toEqual({ condition: 'service_healthy' });
    }
    for (const name of webServices) {
      expect(services.proxy?.depends_on?.[name]).toEqual({ condition: 'service_healthy' });
      // The image's HEALTHCHECK (/healthz) is what "healthy" means for them.
      expect(services[name]?.healthcheck?.disable).toBeUndefined();
    }
    expect(services.worker?.healthcheck?.disable).toBe(true);
  });

  it('serves the shop on http://localhost:8080 through Caddy, which sends to both web processes', () => {
    expect(services.proxy?.image).toMatch(/^caddy:2\./);
    // This machine only: the demo staff's passwords are public.
    expect(services.proxy?.ports).toEqual(['127.0.0.1:8080:8080']);
    expect(services.proxy?.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddyfile).toMatch(/^:8080 \{/m);
    const upstreams = /^\s*reverse_proxy\s+([^{\n]+)/m.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams?.sort()).toEqual(webServices.map((name) => `${name}:3000`).sort());
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    for (const name of webServices) {
      const settings = loadConfig(environmentOf(services[name]!));
      expect(settings.port).toBe(3000);
      expect(settings.publicUrl).toBe('http://localhost:8080');
      expect(settings.trustProxy).toBe(true);
    }
  });

  it('sets only variables the server knows, and with them the server would start', () => {
    const known = serverVariables();
    for (const [name, service] of shopServices) {
      const environment = environmentOf(service);
      expect(
        Object.keys(environment).filter((variable) => !known.has(variable)),
        name,
      ).toEqual([]);
      const settings = loadConfig(environment);
      expect(settings.env, name).toBe('production');
      expect(settings.payments.mode, name).toBe('sandbox');
      // The worker runs the jobs whatever this says; the web processes leave them to it.
      expect(settings.jobsInServer, name).toBe(false);
      expect(settings.mail.smtpUrl, name).toBe('smtp://mailpit:1025');
      expect(settings.redisUrl, name).toBe('redis://redis:6379');
    }
  });
});
