import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, livePaymentVariables, loadConfig } from '../apps/server/src/config.ts';
import { schemaErrors, unknownFields } from './test-support/kubernetes-schema.ts';
import {
  applyJsonPatch,
  type Container,
  containersOf,
  kubectlKustomize,
  kustomize,
  type Manifest,
  manifestId,
  parseImage,
  podSpecOf,
  readManifests,
} from './test-support/kustomize.ts';
import {
  fillPlaceholders,
  placeholderPattern,
  repoRoot,
  serverVariables,
} from './test-support/server-config.ts';

const k8s = path.join(repoRoot, 'deploy/k8s');
const base = path.join(k8s, 'base');
const production = path.join(k8s, 'overlays/production');
const secretTemplate = readManifests(path.join(base, 'secret.template.yaml'))[0]!;

const renders = { base: kustomize(base), production: kustomize(production) };

type Probe = { httpGet?: { path: string; port: string | number } };
type Lifecycle = { preStop?: { exec?: { command: string[] }; sleep?: { seconds: number } } };

const find = (manifests: Manifest[], kind: string, name: string) => {
  const manifest = manifests.find((candidate) => candidate.kind === kind && candidate.metadata.name === name);
  if (!manifest) throw new Error(`no ${kind} ${name}`);
  return manifest;
};
/** The value at a path of fields, typed as the caller expects it (the schema test vouches for the shape). */
const at = <T>(value: unknown, ...fields: string[]): T =>
  fields.reduce<unknown>(
    (inner, field) => (inner as Record<string, unknown> | undefined)?.[field],
    value,
  ) as T;
const configData = (manifests: Manifest[]) =>
  find(manifests, 'ConfigMap', 'voucher-shop-config').data as Record<string, string>;
const secretData = () => secretTemplate.stringData as Record<string, string>;

/** The environment a pod gets: the ConfigMap and the Secret template, its placeholders filled. */
const podEnvironment = (manifests: Manifest[]) => ({
  ...Object.fromEntries(Object.entries(secretData()).map(([name, value]) => [name, fillPlaceholders(value)])),
  ...configData(manifests),
});

/** A Kubernetes quantity in its base unit: CPU in cores, memory in bytes. */
function quantity(value: string | number): number {
  const text = String(value);
  const units: Record<string, number> = {
    m: 1 / 1000,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    k: 1e3,
    M: 1e6,
    G: 1e9,
  };
  const match = /^([0-9.]+)([a-zA-Z]*)$/.exec(text);
  if (!match || (match[2] && !(match[2] in units))) throw new Error(`unreadable quantity ${text}`);
  return Number(match[1]) * (match[2] ? units[match[2]]! : 1);
}

function preStopSeconds(container: Container): number {
  const preStop = (container.lifecycle as Lifecycle | undefined)?.preStop;
  if (preStop?.sleep) return preStop.sleep.seconds;
  const command = preStop?.exec?.command ?? [];
  return command[0] === 'sleep' ? Number(command[1]) : Number.NaN;
}

describe.each(Object.entries(renders))('the %s manifests', (name, manifests) => {
  const web = find(manifests, 'Deployment', 'voucher-shop-web');
  const worker = find(manifests, 'Deployment', 'voucher-shop-worker');
  const webContainer = containersOf(web)[0]!;
  const config = configData(manifests);

  it('are valid Kubernetes objects: schema types and required fields, and no field the API does not know', () => {
    const all = name === 'base' ? [...manifests, secretTemplate] : manifests;
    expect(all.flatMap(schemaErrors)).toEqual([]);
    expect(unknownFields(all)).toEqual([]);
  });

  it('have names unique per kind, every one in the overlay namespace in production', () => {
    const ids = manifests.map(manifestId);
    expect(new Set(ids).size).toBe(ids.length);
    if (name === 'production') {
      const namespaced = manifests.filter((manifest) => manifest.kind !== 'Namespace');
      expect(new Set(namespaced.map((manifest) => manifest.metadata.namespace))).toEqual(
        new Set(['voucher-shop']),
      );
      expect(find(manifests, 'Namespace', 'voucher-shop')).toBeDefined();
    }
  });

  it('probe the web container on the port the server listens on: ready at /readyz, alive at /healthz', () => {
    const ports = webContainer.ports as { name: string; containerPort: number }[];
    const portOf = (probe: Probe | undefined) => {
      const port = probe?.httpGet?.port;
      return typeof port === 'number'
        ? port
        : ports.find((candidate) => candidate.name === port)?.containerPort;
    };
    const serverPort = loadConfig(podEnvironment(manifests)).port;
    const readiness = webContainer.readinessProbe as Probe;
    const liveness = webContainer.livenessProbe as Probe;
    const startup = webContainer.startupProbe as Probe;
    expect(readiness.httpGet?.path).toBe('/readyz');
    expect(liveness.httpGet?.path).toBe('/healthz');
    // The first start migrates and may seed: liveness must not count until the server has answered once.
    expect(startup.httpGet?.path).toBe('/healthz');
    for (const probe of [readiness, liveness, startup]) expect(portOf(probe)).toBe(serverPort);
    const metricsPort = ports.find((port) => port.name === 'metrics')?.containerPort;
    expect(metricsPort).toBe(Number(config.METRICS_PORT));
  });

  it('drain a web pod before it stops: a preStop pause, and a grace period beyond it and the server’s own 10 s', () => {
    const pause = preStopSeconds(webContainer);
    expect(pause).toBeGreaterThanOrEqual(5);
    const grace = (podSpecOf(web)!.terminationGracePeriodSeconds as number | undefined) ?? 30;
    expect(grace).toBeGreaterThan(pause + 10);
    expect((podSpecOf(worker)!.terminationGracePeriodSeconds as number | undefined) ?? 30).toBeGreaterThan(
      10,
    );
  });

  it('give every container CPU and memory requests within its limits', () => {
    for (const container of manifests.flatMap(containersOf)) {
      const resources = container.resources as Record<'requests' | 'limits', Record<string, string>>;
      for (const resource of ['cpu', 'memory']) {
        expect(resources?.requests?.[resource], `${container.name} ${resource} request`).toBeDefined();
        expect(resources?.limits?.[resource], `${container.name} ${resource} limit`).toBeDefined();
        expect(quantity(resources.requests[resource]!)).toBeLessThanOrEqual(
          quantity(resources.limits[resource]!),
        );
      }
    }
  });

  it('run every container as non-root on a read-only root, writing only to emptyDirs at DATA_DIR and /tmp', () => {
    for (const workload of [web, worker]) {
      const pod = podSpecOf(workload)!;
      const podSecurity = pod.securityContext as { runAsNonRoot?: boolean; runAsUser?: number };
      expect(podSecurity.runAsNonRoot).toBe(true);
      expect(podSecurity.runAsUser).not.toBe(0);
      const emptyDirs = new Set(
        (pod.volumes as { name: string; emptyDir?: object }[])
          .filter((volume) => volume.emptyDir)
          .map((volume) => volume.name),
      );
      for (const container of containersOf(workload)) {
        const security = container.securityContext as Record<string, unknown>;
        expect(security.readOnlyRootFilesystem).toBe(true);
        expect(security.allowPrivilegeEscalation).toBe(false);
        expect((security.capabilities as { drop: string[] }).drop).toContain('ALL');
        const mounts = container.volumeMounts as { name: string; mountPath: string }[];
        for (const mountPath of [config.DATA_DIR, '/tmp']) {
          const mount = mounts.find((candidate) => candidate.mountPath === mountPath);
          expect(mount && emptyDirs.has(mount.name), `${container.name}: ${mountPath} on an emptyDir`).toBe(
            true,
          );
        }
      }
    }
  });

  it('name a pinned image, never latest', () => {
    for (const container of manifests.flatMap(containersOf)) {
      const { tag } = parseImage(container.image);
      expect(container.image.includes('@sha256:') || (tag !== undefined && tag !== 'latest')).toBe(true);
      if (name === 'production') expect(container.image).toMatch(/^[a-z0-9.-]+\.[a-z]+(:\d+)?\/.+:[\w.-]+$/);
    }
  });

  it('start web pods with the server and worker pods with the worker, on the same image and environment', () => {
    expect(webContainer.command).toBeUndefined();
    expect(webContainer.args).toBeUndefined();
    const workerContainer = containersOf(worker)[0]!;
    expect(workerContainer.args).toEqual(['node_modules/.bin/tsx', 'apps/server/src/worker.ts']);
    expect(workerContainer.image).toBe(webContainer.image);
    expect(workerContainer.envFrom).toEqual(webContainer.envFrom);
    const envFrom = webContainer.envFrom as {
      configMapRef?: { name: string };
      secretRef?: { name: string };
    }[];
    expect(envFrom.map((source) => source.configMapRef?.name ?? source.secretRef?.name)).toEqual([
      'voucher-shop-config',
      secretTemplate.metadata.name,
    ]);
  });

  it('route the Ingress, the Services, the PodDisruptionBudget and the autoscaler to the web pods', () => {
    const webLabels = at<Record<string, string>>(web, 'spec', 'template', 'metadata', 'labels');
    const selects = (selector: Record<string, string>) =>
      Object.entries(selector).every(([key, value]) => webLabels[key] === value);
    const containerPorts = at<{ name: string }[]>(webContainer, 'ports').map((port) => port.name);
    for (const service of manifests.filter((manifest) => manifest.kind === 'Service')) {
      expect(selects(at(service, 'spec', 'selector'))).toBe(true);
      for (const port of at<{ targetPort: string }[]>(service, 'spec', 'ports')) {
        expect(containerPorts).toContain(port.targetPort);
      }
    }
    const budget = find(manifests, 'PodDisruptionBudget', 'voucher-shop-web');
    expect(selects(at(budget, 'spec', 'selector', 'matchLabels'))).toBe(true);

    const hpa = find(manifests, 'HorizontalPodAutoscaler', 'voucher-shop-web');
    expect(at(hpa, 'spec', 'scaleTargetRef')).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'voucher-shop-web',
    });
    expect(
      at<{ resource?: { name: string } }[]>(hpa, 'spec', 'metrics').map((metric) => metric.resource?.name),
    ).toEqual(['cpu']);
    expect(at<number>(hpa, 'spec', 'minReplicas')).toBeGreaterThanOrEqual(2);
    // Utilisation is measured against the request; and a count in the Deployment would fight the autoscaler.
    expect(at(webContainer, 'resources', 'requests', 'cpu')).toBeDefined();
    expect(at(web, 'spec', 'replicas')).toBeUndefined();

    const webService = find(manifests, 'Service', 'voucher-shop-web');
    const ingress = find(manifests, 'Ingress', 'voucher-shop');
    const publicHost = new URL(config.PUBLIC_URL!).host;
    const rules = at<{ host: string; http: { paths: { backend: { service: unknown } }[] } }[]>(
      ingress,
      'spec',
      'rules',
    );
    expect(rules.map((rule) => rule.host)).toEqual([publicHost, `*.${publicHost}`]);
    for (const backend of rules.flatMap((rule) => rule.http.paths.map((entry) => entry.backend.service))) {
      expect(backend).toEqual({ name: webService.metadata.name, port: { name: 'http' } });
    }
    const tls = at<{ hosts: string[]; secretName: string }[]>(ingress, 'spec', 'tls');
    expect(tls.flatMap((entry) => entry.hosts).sort()).toEqual(rules.map((rule) => rule.host).sort());
    expect(tls.every((entry) => entry.secretName)).toBe(true);
  });

  it('set only variables the server knows, and with them the server would start', () => {
    const known = serverVariables();
    const named = [...Object.keys(config), ...Object.keys(secretData())];
    expect(named.filter((variable) => !known.has(variable))).toEqual([]);
    const settings = loadConfig(podEnvironment(manifests));
    expect(settings.env).toBe('production');
    expect(settings.trustProxy).toBe(true);
    expect(settings.publicUrl).toMatch(/^https:\/\//);
    expect(settings.jobsInServer).toBe(false);
    expect(settings.dataDir).toBe('/data');
    expect(settings.databaseUrl).toBeDefined();
    expect(settings.redisUrl).toBeDefined();
    // Without SMTP_URL mails would be written to DATA_DIR/outbox, an emptyDir that goes with the pod.
    expect(settings.mail.smtpUrl).toBeDefined();
    expect(settings.payments.mode).toBe(name === 'production' ? 'live' : 'sandbox');
    if (name === 'production') {
      expect(settings.payments.paypal.apiUrl).toBe('https://api-m.paypal.com');
      expect(settings.seedOnStart).toBe(false);
    }
  });
});

describe('the production overlay', () => {
  it('renders what kustomize renders (where kubectl is installed)', (context) => {
    const rendered = kubectlKustomize(production);
    if (!rendered) return context.skip();
    const byId = (manifests: Manifest[]) =>
      Object.fromEntries(manifests.map((manifest) => [manifestId(manifest), manifest]));
    expect(byId(renders.production)).toEqual(byId(rendered));
    expect(byId(renders.base)).toEqual(byId(kubectlKustomize(base)!));
  });

  it('changes what production needs and nothing it does not mean to', () => {
    const changed = (manifests: Manifest[]) => configData(manifests);
    expect(changed(renders.production)).toEqual({
      ...changed(renders.base),
      PUBLIC_URL: 'https://gutscheine.example.com',
      PAYMENTS_MODE: 'live',
      PAYPAL_API_URL: 'https://api-m.paypal.com',
      SEED_ON_START: 'false',
    });
    expect(at(find(renders.production, 'Deployment', 'voucher-shop-worker'), 'spec', 'replicas')).toBe(2);
    const hpa = find(renders.production, 'HorizontalPodAutoscaler', 'voucher-shop-web');
    expect([at(hpa, 'spec', 'minReplicas'), at(hpa, 'spec', 'maxReplicas')]).toEqual([3, 12]);
    const ingress = find(renders.production, 'Ingress', 'voucher-shop');
    expect(at(ingress, 'spec', 'tls', '0', 'secretName')).toBe('gutscheine-example-com-tls');
  });
});

describe('the Secret template', () => {
  const data = secretData();

  it('holds placeholders only, in stringData', () => {
    expect(secretTemplate.data).toBeUndefined();
    for (const [variable, value] of Object.entries(data)) {
      expect(value, variable).toMatch(placeholderPattern);
      // Beside the placeholders only a URL's scheme, port and punctuation: no user, password, host or key.
      const rest = value
        .replace(placeholderPattern, '')
        .replace(/^[a-z]+:\/\//, '')
        .replace(/:\d+/, '');
      expect(rest, variable).toMatch(/^[:@/]*$/);
    }
  });

  it('names every credential a production deployment needs', () => {
    // Every credential live payments require (config.ts), beside the connections and tokens.
    expect(Object.keys(data).sort()).toEqual(
      ['DATABASE_URL', 'REDIS_URL', 'METRICS_TOKEN', 'SMTP_URL', ...livePaymentVariables].sort(),
    );
  });

  it('is no resource of the kustomization: an apply would put its placeholders over the real Secret', () => {
    for (const manifests of Object.values(renders))
      expect(manifests.some((manifest) => manifest.kind === 'Secret')).toBe(false);
  });

  it('stops a server started on it unfilled', () => {
    const unfilled = { ...configData(renders.production), ...data };
    expect(() => loadConfig(unfilled)).toThrow(ConfigError);
  });
});

describe('the validation itself', () => {
  const web = () => structuredClone(find(renders.production, 'Deployment', 'voucher-shop-web'));

  it('fails on a field the API does not know', () => {
    const broken = web();
    const container = containersOf(broken)[0]!;
    container.readinesProbe = container.readinessProbe;
    delete container.readinessProbe;
    expect(unknownFields([broken]).join('\n')).toContain(
      "'\"readinesProbe\"' does not exist in type 'IContainer'",
    );
  });

  it('fails on a field of the wrong type', () => {
    const broken = web();
    (broken.spec as { replicas: unknown }).replicas = 'two';
    expect(schemaErrors(broken).join('\n')).toContain('spec/replicas must be integer');
  });

  it('fails on an overlay that patches what is not there', () => {
    const ingress = find(renders.production, 'Ingress', 'voucher-shop');
    expect(() =>
      applyJsonPatch(structuredClone(ingress), [{ op: 'replace', path: '/spec/tls/3', value: {} }], 'test'),
    ).toThrow(/nothing there/);
  });
});
