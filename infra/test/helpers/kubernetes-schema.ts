// Two checks against the Kubernetes API's own definitions: kubernetes-models validates types, required
// members and formats; the attribute maps of @kubernetes/client-node's models tell which members exist,
// so a misspelt or misplaced key (which kubernetes-models lets through) is caught too.
import * as models from '@kubernetes/client-node/dist/gen/models/ObjectSerializer.js';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { KubernetesObject } from './render.js';

type Validating = new (data: never) => { validate(): void };

const KINDS: Record<string, Validating> = {
  'v1/Namespace': Namespace as unknown as Validating,
  'v1/ConfigMap': ConfigMap as unknown as Validating,
  'v1/Secret': Secret as unknown as Validating,
  'v1/Service': Service as unknown as Validating,
  'apps/v1/Deployment': Deployment as unknown as Validating,
  'batch/v1/Job': Job as unknown as Validating,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler as unknown as Validating,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget as unknown as Validating,
};

const describe = (object: KubernetesObject) => `${object.kind}/${object.metadata?.name}`;

/** Problems kubernetes-models finds, one line each; a kind we do not know is a problem too. */
export function schemaProblems(object: KubernetesObject): string[] {
  const Model = KINDS[`${object.apiVersion}/${object.kind}`];
  if (!Model) return [`${describe(object)}: ${object.apiVersion} ${object.kind} is not a kind these manifests are checked for`];
  try {
    new Model(object as never).validate();
    return [];
  } catch (error) {
    return [`${describe(object)}: ${error instanceof Error ? error.message : String(error)}`];
  }
}

interface Attribute {
  baseName: string;
  type: string;
}
type Model = { getAttributeTypeMap?: () => Attribute[] };
const MODELS = models as unknown as Record<string, Model>;

/** Members the API does not define, as paths (`Deployment/x: spec.template.spec.containers[0].bogus`). */
export function unknownKeys(object: KubernetesObject): string[] {
  const version = object.apiVersion.split('/').at(-1)!;
  const modelName = `${version.charAt(0).toUpperCase()}${version.slice(1)}${object.kind}`;
  if (!MODELS[modelName]) return [`${describe(object)}: no model ${modelName} to check its members against`];
  return walk(object, modelName, '').map((path) => `${describe(object)}: unknown member ${path.slice(1)}`);
}

function walk(value: unknown, type: string, path: string): string[] {
  if (value === null || value === undefined) return [];
  const array = /^Array<(.+)>$/.exec(type);
  if (array) return Array.isArray(value) ? value.flatMap((item, i) => walk(item, array[1]!, `${path}[${i}]`)) : [];
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (map) return typeof value === 'object' ? Object.entries(value).flatMap(([key, item]) => walk(item, map[1]!, `${path}.${key}`)) : [];
  const attributes = MODELS[type]?.getAttributeTypeMap?.();
  if (!attributes || typeof value !== 'object' || Array.isArray(value)) return [];
  const known = new Map(attributes.map((attribute) => [attribute.baseName, attribute.type]));
  return Object.entries(value).flatMap(([key, item]) => {
    const memberType = known.get(key);
    return memberType === undefined ? [`${path}.${key}`] : walk(item, memberType, `${path}.${key}`);
  });
}
