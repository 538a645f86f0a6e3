// Every overlay of every service renders, every object passes the Kubernetes schema with no unknown
// member, and our lints find nothing: probes, resources, selectors, references, rollout and scaling.
import { describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { schemaProblems, unknownKeys } from './helpers/kubernetes-schema.js';
import { lintObjects } from './helpers/lint-objects.js';
import { kubectlAvailable, render, renderOurselves, renderWithKubectl, type KubernetesObject } from './helpers/render.js';

const INFRA = fileURLToPath(new URL('..', import.meta.url));
const SERVICES = ['config-store', 'translator', 'webhook-relay'];
const overlaysOf = (service: string) => readdirSync(`${INFRA}${service}/overlays`);
const find = (objects: KubernetesObject[], kind: string, name?: string) =>
  objects.filter((object) => object.kind === kind && (!name || object.metadata.name === name));

it('has a dev and a prod overlay for every service', () => {
  for (const service of SERVICES) expect(overlaysOf(service).sort()).toEqual(['dev', 'prod']);
});

describe.each(SERVICES.flatMap((service) => overlaysOf(service).map((overlay) => [service, overlay])))(
  '%s overlay %s',
  (service, overlay) => {
    const dir = `${INFRA}${service}/overlays/${overlay}`;
    const { objects, renderer } = render(dir);

    it(`renders (${renderer}) a Deployment, a Service, a ConfigMap, a Secret, an HPA and a migration Job`, () => {
      for (const kind of ['Deployment', 'Service', 'ConfigMap', 'Secret', 'HorizontalPodAutoscaler', 'Job'])
        expect(find(objects, kind).length).toBeGreaterThan(0);
      expect(find(objects, 'Job')[0]!.metadata.name).toBe(`${service}-migrate`);
    });

    it('passes the Kubernetes schema (kubernetes-models) with no unknown member', () => {
      expect(objects.flatMap(schemaProblems)).toEqual([]);
      expect(objects.flatMap(unknownKeys)).toEqual([]);
    });

    it('passes our lints', () => {
      expect(lintObjects(objects)).toEqual([]);
    });

    it('keeps secrets as placeholders only', () => {
      for (const secret of find(objects, 'Secret')) {
        expect(secret.data).toBeUndefined();
        for (const [key, value] of Object.entries((secret.stringData ?? {}) as Record<string, string>)) {
          if (key.endsWith('_URL') || key.endsWith('_KEY') || key.endsWith('_SECRET') || key.endsWith('_PASSWORD')) {
            expect(value === '' || value.includes('REPLACE_ME')).toBe(true);
          }
        }
      }
    });

    it('creates the namespace everything else goes in, so the first apply works on a fresh cluster', () => {
      const namespaces = find(objects, 'Namespace');
      expect(namespaces).toHaveLength(1);
      const namespace = namespaces[0]!.metadata.name;
      expect(namespaces[0]!.metadata.namespace).toBeUndefined();
      for (const object of objects.filter((item) => item.kind !== 'Namespace')) expect(object.metadata.namespace).toBe(namespace);
    });

    it('serves /metrics on a port of its own that no Service routes to, announced for scraping', () => {
      const config = find(objects, 'ConfigMap', `${service}-config`)[0]!;
      expect((config.data as Record<string, string>).METRICS_PORT).toBe('9090');
      const api = find(objects, 'Deployment', service)[0]!.spec as {
        template: {
          metadata: { annotations: Record<string, string> };
          spec: { containers: { ports: { name: string; containerPort: number }[] }[] };
        };
      };
      expect(api.template.spec.containers[0]!.ports).toContainEqual({ name: 'metrics', containerPort: 9090 });
      expect(api.template.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9090' });
      for (const route of find(objects, 'Service')) {
        for (const port of (route.spec as { ports: { targetPort: unknown }[] }).ports) expect(port.targetPort).not.toBe('metrics');
      }
    });

    it('applies migrations in the Job, not at pod start', () => {
      const config = find(objects, 'ConfigMap', `${service}-config`)[0]!;
      expect((config.data as Record<string, string>).MIGRATE_ON_START).toBe('false');
    });

    if (kubectlAvailable()) {
      it('renders the same with the built-in renderer as with kubectl kustomize', () => {
        const key = (object: KubernetesObject) => `${object.kind}/${object.metadata.name}`;
        const byKey = (list: KubernetesObject[]) => Object.fromEntries(list.map((object) => [key(object), object]));
        expect(byKey(renderOurselves(dir))).toEqual(byKey(renderWithKubectl(dir)));
      });
    }
  },
);

describe('prod overlays', () => {
  it.each(SERVICES)('%s runs at least 2 replicas, covered by a disruption budget', (service) => {
    const { objects } = render(`${INFRA}${service}/overlays/prod`);
    for (const hpa of find(objects, 'HorizontalPodAutoscaler'))
      expect((hpa.spec as { minReplicas: number }).minReplicas).toBeGreaterThanOrEqual(2);
    expect(find(objects, 'PodDisruptionBudget').length).toBeGreaterThan(0);
  });

  it('webhook-relay runs its delivery workers in their own Deployment: the worker command, a grace period longer than one delivery', () => {
    const { objects } = render(`${INFRA}webhook-relay/overlays/prod`);
    const worker = find(objects, 'Deployment', 'webhook-relay-worker')[0]!.spec as {
      template: { spec: { terminationGracePeriodSeconds: number; containers: { command: string[] }[] } };
    };
    expect(worker.template.spec.containers[0]!.command).toEqual(['node', 'dist/worker.js']);
    // A destination's timeout_ms is at most 60000.
    expect(worker.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(60);
    expect((find(objects, 'ConfigMap', 'webhook-relay-config')[0]!.data as Record<string, string>).RELAY_WORKERS_IN_PROCESS).toBe('false');
  });

  it('webhook-relay runs at least two delivery worker replicas, covered by a disruption budget', () => {
    const { objects } = render(`${INFRA}webhook-relay/overlays/prod`);
    const worker = find(objects, 'Deployment', 'webhook-relay-worker')[0]!;
    expect((worker.spec as { replicas: number }).replicas).toBeGreaterThanOrEqual(2);
    const budgets = find(objects, 'PodDisruptionBudget').map(
      (budget) => (budget.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels,
    );
    expect(budgets).toContainEqual({ 'app.kubernetes.io/name': 'webhook-relay', 'app.kubernetes.io/component': 'worker' });
  });

  it('webhook-relay exposes ingest on its own Service, apart from the API', () => {
    const { objects } = render(`${INFRA}webhook-relay/overlays/prod`);
    const ports = (name: string) =>
      (find(objects, 'Service', name)[0]!.spec as { ports: { targetPort: string }[] }).ports.map((port) => port.targetPort);
    expect(ports('webhook-relay')).toEqual(['http']);
    expect(ports('webhook-relay-ingest')).toEqual(['ingest']);
  });
});
