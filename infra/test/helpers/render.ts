// Renders a kustomize directory into its objects: with `kubectl kustomize` when kubectl is installed,
// otherwise with a small renderer of our own that knows exactly the kustomize features our manifests
// use (resources, JSON 6902 patches by kind and name, namespace, images) and refuses any other.
// manifests.test.ts checks that both give the same objects wherever kubectl exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [member: string]: unknown;
}

interface Kustomization {
  resources?: string[];
  patches?: { target: { kind: string; name: string }; patch: string }[];
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string }[];
}

const SUPPORTED = new Set(['apiVersion', 'kind', 'resources', 'patches', 'namespace', 'images']);

export function kubectlAvailable(): boolean {
  return spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
}

export function parseYamlObjects(text: string, source: string): KubernetesObject[] {
  return parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`${source}: ${document.errors[0]!.message}`);
    const value = document.toJS() as KubernetesObject | null;
    return value ? [value] : [];
  });
}

export function renderWithKubectl(dir: string): KubernetesObject[] {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${result.stderr}`);
  return parseYamlObjects(result.stdout, dir);
}

export function renderOurselves(dir: string): KubernetesObject[] {
  const kustomization = parseYamlObjects(readFileSync(join(dir, 'kustomization.yaml'), 'utf8'), dir)[0] as unknown as Kustomization;
  const unsupported = Object.keys(kustomization).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length > 0)
    throw new Error(`${dir}: the built-in renderer does not know ${unsupported.join(', ')}; install kubectl or extend render.ts`);
  let objects = (kustomization.resources ?? []).flatMap((resource) => {
    const path = join(dir, resource);
    return statSync(path).isDirectory() ? renderOurselves(path) : parseYamlObjects(readFileSync(path, 'utf8'), path);
  });
  for (const { target, patch } of kustomization.patches ?? []) {
    const matches = objects.filter((object) => object.kind === target.kind && object.metadata.name === target.name);
    if (matches.length === 0) throw new Error(`${dir}: no ${target.kind} named ${target.name} to patch`);
    const operations = parseYamlObjects(patch, `${dir} patch`)[0] as unknown as { op: string; path: string; value?: unknown }[];
    objects = objects.map((object) => (matches.includes(object) ? applyJsonPatch(object, operations) : object));
  }
  if (kustomization.namespace) {
    // As kustomize does: a Namespace object is cluster-scoped and takes the namespace's name; the rest go in it.
    for (const object of objects) {
      if (object.kind === 'Namespace') object.metadata.name = kustomization.namespace;
      else object.metadata.namespace = kustomization.namespace;
    }
  }
  for (const image of kustomization.images ?? []) {
    for (const container of podContainers(objects)) {
      if (container.image === image.name || container.image?.startsWith(`${image.name}:`)) {
        const [, tag] = container.image.split(':');
        container.image = `${image.newName ?? image.name}:${image.newTag ?? tag ?? 'latest'}`;
      }
    }
  }
  return objects;
}

/** Renders with kubectl when it is installed, else with the built-in renderer. */
export function render(dir: string): { objects: KubernetesObject[]; renderer: 'kubectl' | 'built-in' } {
  if (!existsSync(join(dir, 'kustomization.yaml'))) throw new Error(`${dir} has no kustomization.yaml`);
  return kubectlAvailable()
    ? { objects: renderWithKubectl(dir), renderer: 'kubectl' }
    : { objects: renderOurselves(dir), renderer: 'built-in' };
}

export interface Container {
  name: string;
  image?: string;
  [member: string]: unknown;
}

/** Every container of every pod template (Deployments, Jobs). */
export function podContainers(objects: KubernetesObject[]): Container[] {
  return objects.flatMap((object) => {
    const spec = (object.spec as { template?: { spec?: { containers?: Container[]; initContainers?: Container[] } } } | undefined)?.template
      ?.spec;
    return [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])];
  });
}

function applyJsonPatch(object: KubernetesObject, operations: { op: string; path: string; value?: unknown }[]): KubernetesObject {
  const copy = structuredClone(object);
  for (const { op, path, value } of operations) {
    const keys = path
      .split('/')
      .slice(1)
      .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
    const last = keys.pop()!;
    let parent: Record<string, unknown> = copy as unknown as Record<string, unknown>;
    for (const key of keys) {
      if (parent[key] === undefined) throw new Error(`patch path ${path} does not exist in ${object.kind}/${object.metadata.name}`);
      parent = parent[key] as Record<string, unknown>;
    }
    if (op === 'remove') delete parent[last];
    else if (op === 'replace' || op === 'add') {
      if (op === 'replace' && !(last in parent))
        throw new Error(`patch replaces ${path}, which ${object.kind}/${object.metadata.name} lacks`);
      parent[last] = structuredClone(value);
    } else throw new Error(`patch operation ${op} is not supported by the built-in renderer`);
  }
  return copy;
}
