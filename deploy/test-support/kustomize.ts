import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
};

type PatchOperation = { op: string; path: string; value?: unknown };

type Kustomization = {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { path: string; target: { kind: string; name: string } }[];
};

/**
 * The parts of kustomize the manifests use, done the way kustomize does them, so that the test sees the
 * output of `kubectl apply -k` without kustomize installed (where kubectl is, the test compares the two).
 * A kustomization using anything else fails here rather than being rendered differently.
 */
const supportedFields = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'images',
  'replicas',
  'patches',
]);

const clusterScopedKinds = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'IngressClass',
  'PriorityClass',
]);
const workloadKinds = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']);

/** Every YAML document of a file, with a file:line message for a syntax error. */
export function readManifests(file: string): Manifest[] {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'));
  const manifests: Manifest[] = [];
  for (const document of documents) {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
    const manifest = document.toJS() as Manifest | null;
    if (manifest !== null) manifests.push(manifest);
  }
  return manifests;
}

export function kustomize(directory: string): Manifest[] {
  const kustomization = parse(
    readFileSync(path.join(directory, 'kustomization.yaml'), 'utf8'),
  ) as Kustomization;
  const unsupported = Object.keys(kustomization).filter((field) => !supportedFields.has(field));
  if (unsupported.length > 0) {
    throw new Error(`${directory}/kustomization.yaml: not emulated by this test: ${unsupported.join(', ')}`);
  }
  const manifests: Manifest[] = [];
  for (const resource of kustomization.resources ?? []) {
    const target = path.resolve(directory, resource);
    manifests.push(...(statSync(target).isDirectory() ? kustomize(target) : readManifests(target)));
  }
  // kustomize's order: patches (their targets named as the resources were written), then namespace,
  // images and replica counts.
  for (const patch of kustomization.patches ?? []) {
    const operations = parse(readFileSync(path.join(directory, patch.path), 'utf8')) as PatchOperation[];
    if (!Array.isArray(operations)) throw new Error(`${patch.path}: only JSON 6902 patches are emulated`);
    const targets = manifests.filter(
      (manifest) => manifest.kind === patch.target.kind && manifest.metadata.name === patch.target.name,
    );
    if (targets.length === 0) throw new Error(`${patch.path}: no ${patch.target.kind} ${patch.target.name}`);
    for (const manifest of targets) applyJsonPatch(manifest, operations, patch.path);
  }
  if (kustomization.namespace) {
    for (const manifest of manifests) {
      if (!clusterScopedKinds.has(manifest.kind)) manifest.metadata.namespace = kustomization.namespace;
    }
  }
  for (const image of kustomization.images ?? []) {
    let found = false;
    for (const container of manifests.flatMap(containersOf)) {
      const reference = parseImage(container.image);
      if (reference.name !== image.name) continue;
      found = true;
      container.image =
        (image.newName ?? reference.name) +
        (image.digest ? `@${image.digest}` : image.newTag ? `:${image.newTag}` : reference.suffix);
    }
    if (!found) throw new Error(`images: no container runs ${image.name}`);
  }
  for (const replicas of kustomization.replicas ?? []) {
    const workload = manifests.find(
      (manifest) => workloadKinds.has(manifest.kind) && manifest.metadata.name === replicas.name,
    );
    if (!workload) throw new Error(`replicas: no workload ${replicas.name}`);
    (workload.spec as { replicas?: number }).replicas = replicas.count;
  }
  return manifests;
}

export type Container = {
  name: string;
  image: string;
  [field: string]: unknown;
};

export type PodSpec = { containers: Container[]; initContainers?: Container[]; [field: string]: unknown };

export function podSpecOf(manifest: Manifest): PodSpec | undefined {
  if (!workloadKinds.has(manifest.kind)) return undefined;
  return (manifest.spec as { template: { spec: PodSpec } }).template.spec;
}

export function containersOf(manifest: Manifest): Container[] {
  const pod = podSpecOf(manifest);
  return pod ? [...(pod.initContainers ?? []), ...pod.containers] : [];
}

/** registry/name[:tag][@digest] → the name kustomize matches `images:` on, and what follows it. */
export function parseImage(image: string): { name: string; tag: string | undefined; suffix: string } {
  const at = image.indexOf('@');
  const withoutDigest = at >= 0 ? image.slice(0, at) : image;
  const colon = withoutDigest.lastIndexOf(':');
  const hasTag = colon > withoutDigest.lastIndexOf('/');
  return {
    name: hasTag ? withoutDigest.slice(0, colon) : withoutDigest,
    tag: hasTag ? withoutDigest.slice(colon + 1) : undefined,
    suffix: image.slice(hasTag ? colon : withoutDigest.length),
  };
}

/** RFC 6902 add, replace and remove, the operations the overlays use; any other fails the test. */
export function applyJsonPatch(document: unknown, operations: PatchOperation[], source: string): void {
  for (const operation of operations) {
    const keys = operation.path
      .split('/')
      .slice(1)
      .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
    const last = keys.pop();
    if (last === undefined) throw new Error(`${source}: ${operation.op} of the whole document`);
    let parent = document as Record<string, unknown> | unknown[];
    for (const key of keys) {
      const next = Array.isArray(parent) ? parent[Number(key)] : parent[key];
      if (typeof next !== 'object' || next === null)
        throw new Error(`${source}: ${operation.path}: no ${key}`);
      parent = next as Record<string, unknown> | unknown[];
    }
    const exists = Array.isArray(parent) ? Number(last) < parent.length : Object.hasOwn(parent, last);
    switch (operation.op) {
      case 'add':
        if (Array.isArray(parent))
          parent.splice(last === '-' ? parent.length : Number(last), 0, operation.value);
        else parent[last] = operation.value;
        break;
      case 'replace':
        // kustomize refuses to replace what is not there: a patch written for another base fails loudly.
        if (!exists) throw new Error(`${source}: replace ${operation.path}: nothing there`);
        if (Array.isArray(parent)) parent[Number(last)] = operation.value;
        else parent[last] = operation.value;
        break;
      case 'remove':
        if (!exists) throw new Error(`${source}: remove ${operation.path}: nothing there`);
        if (Array.isArray(parent)) parent.splice(Number(last), 1);
        else delete parent[last];
        break;
      default:
        throw new Error(`${source}: the operation ${operation.op} is not emulated`);
    }
  }
}

/** `kubectl kustomize` where kubectl is installed (it embeds kustomize); undefined elsewhere. */
export function kubectlKustomize(directory: string): Manifest[] | undefined {
  const result = spawnSync('kubectl', ['kustomize', directory], { encoding: 'utf8' });
  if (result.error) return undefined;
  if (result.status !== 0) throw new Error(`kubectl kustomize ${directory}: ${result.stderr}`);
  return parseAllDocuments(result.stdout).map((document) => document.toJS() as Manifest);
}

export const manifestId = (manifest: Manifest) => `${manifest.kind}/${manifest.metadata.name}`;
