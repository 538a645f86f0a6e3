// The lints can fail: each rule is shown one broken overlay (a valid one, with one thing changed).
import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { unknownKeys } from './helpers/kubernetes-schema.js';
import { lintObjects } from './helpers/lint-objects.js';
import { renderOurselves, type KubernetesObject } from './helpers/render.js';

const PROD = fileURLToPath(new URL('../config-store/overlays/prod', import.meta.url));
type Loose = any;

function broken(change: (objects: Loose[]) => void): string[] {
  const objects = structuredClone(renderOurselves(PROD)) as Loose[];
  change(objects);
  return lintObjects(objects as KubernetesObject[]);
}
const deployment = (objects: Loose[]) => objects.find((object) => object.kind === 'Deployment');
const container = (objects: Loose[]) => deployment(objects).spec.template.spec.containers[0];

describe('lintObjects', () => {
  it('passes the unchanged overlay', () => {
    expect(broken(() => undefined)).toEqual([]);
  });

  it.each<[string, (objects: Loose[]) => void, RegExp]>([
    [
      'a selector that misses the template labels',
      (o) => (deployment(o).spec.selector.matchLabels['app.kubernetes.io/component'] = 'web'),
      /selector does not match/,
    ],
    ['a missing readiness probe', (o) => delete container(o).readinessProbe, /no readinessProbe/],
    ['a probe on a port number', (o) => (container(o).livenessProbe.httpGet.port = 8080), /livenessProbe port must name a declared port/],
    [
      'a probe on an undeclared port name',
      (o) => (container(o).startupProbe.httpGet.port = 'admin'),
      /startupProbe port must name a declared port/,
    ],
    ['missing memory limits', (o) => delete container(o).resources.limits.memory, /no memory limits/],
    ['no image', (o) => delete container(o).image, /no image/],
    ['a writable root filesystem', (o) => (container(o).securityContext.readOnlyRootFilesystem = false), /readOnlyRootFilesystem/],
    ['pods that may run as root', (o) => delete deployment(o).spec.template.spec.securityContext.runAsNonRoot, /runAsNonRoot/],
    [
      'a rollout that may take pods away',
      (o) => (deployment(o).spec.strategy.rollingUpdate.maxUnavailable = 1),
      /maxUnavailable must be 0/,
    ],
    [
      'a Secret the pods need but nobody defines',
      (o) =>
        o.splice(
          o.findIndex((x) => x.kind === 'Secret'),
          1,
        ),
      /refers to Secret config-store-secrets/,
    ],
    ['a Service selecting no pods', (o) => (o.find((x) => x.kind === 'Service').spec.selector = { app: 'other' }), /selects no Deployment/],
    [
      'a Service targeting an undeclared port',
      (o) => (o.find((x) => x.kind === 'Service').spec.ports[0].targetPort = 'web'),
      /must target a port its pods declare/,
    ],
    [
      'replicas without a disruption budget',
      (o) =>
        o.splice(
          o.findIndex((x) => x.kind === 'PodDisruptionBudget'),
          1,
        ),
      /no PodDisruptionBudget covers it/,
    ],
    [
      'pods that start without waiting for the migrate Job',
      (o) => delete deployment(o).spec.template.spec.initContainers,
      /no init container running `service-migrate wait`/,
    ],
    [
      'a migration wait with a writable root filesystem',
      (o) => (deployment(o).spec.template.spec.initContainers[0].securityContext.readOnlyRootFilesystem = false),
      /init container wait-for-migrations: readOnlyRootFilesystem/,
    ],
    [
      'an HPA scaling something else',
      (o) => (o.find((x) => x.kind === 'HorizontalPodAutoscaler').spec.scaleTargetRef.name = 'other'),
      /scales Deployment\/other/,
    ],
  ])('reports %s', (_name, change, problem) => {
    expect(broken(change)).toEqual(expect.arrayContaining([expect.stringMatching(problem)]));
  });
});

describe('unknownKeys', () => {
  it('names a misspelt member with its path', () => {
    const objects = structuredClone(renderOurselves(PROD)) as Loose[];
    deployment(objects).spec.strategy.rollingUpdate.maxUnavailible = 0;
    container(objects).livenesProbe = {};
    expect(unknownKeys(deployment(objects))).toEqual([
      'Deployment/config-store: unknown member spec.strategy.rollingUpdate.maxUnavailible',
      'Deployment/config-store: unknown member spec.template.spec.containers[0].livenesProbe',
    ]);
  });
});
