import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import ts from 'typescript';
import { type Manifest, manifestId } from './kustomize.ts';
import { repoRoot } from './server-config.ts';

type ModelClass = new (data: never) => { validate(): void };

/**
 * The kinds the manifests use, each with the kubernetes-models class (its JSON schema, from Kubernetes'
 * OpenAPI document) and the module whose interface of the same shape the strict check compiles against.
 */
const kinds: Record<string, { model: ModelClass; module: string }> = {
  'v1/ConfigMap': { model: ConfigMap, module: 'kubernetes-models/v1/ConfigMap' },
  'v1/Namespace': { model: Namespace, module: 'kubernetes-models/v1/Namespace' },
  'v1/Secret': { model: Secret, module: 'kubernetes-models/v1/Secret' },
  'v1/Service': { model: Service, module: 'kubernetes-models/v1/Service' },
  'apps/v1/Deployment': { model: Deployment, module: 'kubernetes-models/apps/v1/Deployment' },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    model: HorizontalPodAutoscaler,
    module: 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler',
  },
  'networking.k8s.io/v1/Ingress': {
    model: Ingress,
    module: 'kubernetes-models/networking.k8s.io/v1/Ingress',
  },
  'policy/v1/PodDisruptionBudget': {
    model: PodDisruptionBudget,
    module: 'kubernetes-models/policy/v1/PodDisruptionBudget',
  },
};

function kindOf(manifest: Manifest) {
  const kind = kinds[`${manifest.apiVersion}/${manifest.kind}`];
  if (!kind)
    throw new Error(`${manifestId(manifest)}: no schema for ${manifest.apiVersion} ${manifest.kind}`);
  return kind;
}

/** Types, formats, enums and required fields, per the Kubernetes OpenAPI schema. */
export function schemaErrors(manifest: Manifest): string[] {
  try {
    new (kindOf(manifest).model)(structuredClone(manifest) as never).validate();
    return [];
  } catch (error) {
    return [`${manifestId(manifest)}: ${(error as Error).message}`];
  }
}

/**
 * Fields the API does not know. The OpenAPI schemas allow any extra field, yet the API server refuses
 * them (kubectl's strict field validation), and a misspelt `readinesProbe` would otherwise pass as an
 * extra: each manifest is compiled as an object literal of kubernetes-models' interface for its kind,
 * where TypeScript names every property its type lacks, at any depth.
 */
export function unknownFields(manifests: Manifest[]): string[] {
  const fileName = path.join(repoRoot, 'deploy', '__manifests__.ts');
  const owners: { start: number; id: string }[] = [];
  let source = '';
  manifests.forEach((manifest, index) => {
    const typeName = `I${manifest.kind}`;
    source += `import type { ${typeName} as T${index} } from '${kindOf(manifest).module}';\n`;
  });
  manifests.forEach((manifest, index) => {
    owners.push({ start: source.length, id: manifestId(manifest) });
    source += `export const m${index}: T${index} = ${JSON.stringify(manifest, null, 2)};\n`;
  });
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, languageVersion, ...rest) =>
    name === fileName
      ? ts.createSourceFile(name, source, languageVersion)
      : getSourceFile.call(host, name, languageVersion, ...rest);
  host.fileExists = (name) => name === fileName || fileExists.call(host, name);
  host.readFile = (name) => (name === fileName ? source : readFile.call(host, name));
  const program = ts.createProgram([fileName], options, host);
  const file = program.getSourceFile(fileName)!;
  const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
  return diagnostics.map((diagnostic) => {
    const start = diagnostic.start ?? 0;
    const owner = owners.findLast((candidate) => candidate.start <= start);
    const property = source.slice(start, start + (diagnostic.length ?? 0));
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    return `${owner?.id ?? 'imports'}: ${property}: ${message}`;
  });
}
