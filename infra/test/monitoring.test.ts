// The optional monitoring kustomization (infra/monitoring: PodMonitors and alert rules for the Prometheus
// Operator) and the Grafana dashboards, checked offline: the objects have the members the operator needs,
// every PodMonitor scrapes a port the services' pods declare, and every metric an alert or a panel reads is
// one the services define (so a renamed metric fails here, not silently in production).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { render, type KubernetesObject } from './helpers/render.js';

const INFRA = fileURLToPath(new URL('..', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { objects } = render(`${INFRA}monitoring`);
const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
const specOf = <T>(object: KubernetesObject) => object.spec as T;

/** Every metric name the services register (their metrics modules and service-kit's), with Node's defaults. */
function definedMetrics(): Set<string> {
  const files = [
    ...['webhook-relay', 'translator', 'config-store'].flatMap((service) =>
      readdirSync(`${ROOT}services/${service}/src/metrics`).map((file) => `${ROOT}services/${service}/src/metrics/${file}`),
    ),
    ...readdirSync(`${ROOT}packages/service-kit/src/metrics`).map((file) => `${ROOT}packages/service-kit/src/metrics/${file}`),
  ];
  const names = new Set<string>();
  for (const file of files) for (const match of readFileSync(file, 'utf8').matchAll(/name: '([a-z_:]+)'/g)) names.add(match[1]!);
  return names;
}
const DEFINED = definedMetrics();
const OURS = /\b((?:relay|translator|config_store|http|db|redis|process|nodejs)_[a-z0-9_]+)\b/g;

function unknownMetrics(expr: string): string[] {
  return [...expr.matchAll(OURS)]
    .map((match) => match[1]!)
    .filter((name) => !/^(process|nodejs)_/.test(name))
    .filter((name) => !DEFINED.has(name) && !DEFINED.has(name.replace(/_(bucket|sum|count)$/, '')));
}

it('renders only PodMonitors and a PrometheusRule, all in the prod namespace', () => {
  expect(new Set(objects.map((object) => `${object.apiVersion} ${object.kind}`))).toEqual(
    new Set(['monitoring.coreos.com/v1 PodMonitor', 'monitoring.coreos.com/v1 PrometheusRule']),
  );
  for (const object of objects) expect(object.metadata.namespace).toBe('services');
});

it('finds the metric names it checks against', () => {
  for (const name of ['relay_outbox_oldest_pending_age_seconds', 'translator_chain_restarts_total', 'http_request_duration_seconds'])
    expect(DEFINED.has(name)).toBe(true);
});

describe('PodMonitors', () => {
  const deployments = ['config-store', 'translator', 'webhook-relay'].flatMap((service) =>
    render(`${INFRA}${service}/overlays/prod`).objects.filter((object) => object.kind === 'Deployment'),
  );
  it.each(ofKind('PodMonitor').map((monitor) => [monitor.metadata.name, monitor] as const))(
    '%s selects Deployment pods and scrapes a port they declare',
    (_name, monitor) => {
      const spec = specOf<{ selector: { matchLabels: Record<string, string> }; podMetricsEndpoints: { port: string; path: string }[] }>(
        monitor,
      );
      const selected = deployments.filter((deployment) => {
        const template = specOf<{ template: { metadata: { labels: Record<string, string> } } }>(deployment).template;
        return Object.entries(spec.selector.matchLabels).every(([key, value]) => template.metadata.labels[key] === value);
      });
      expect(selected.length).toBe(1);
      const ports = specOf<{ template: { spec: { containers: { ports: { name: string }[] }[] } } }>(
        selected[0]!,
      ).template.spec.containers[0]!.ports.map((port) => port.name);
      for (const endpoint of spec.podMetricsEndpoints) {
        expect(ports).toContain(endpoint.port);
        expect(endpoint.path).toBe('/metrics');
      }
    },
  );
  it('covers every Deployment', () => {
    expect(ofKind('PodMonitor')).toHaveLength(deployments.length);
  });
});

describe('alert rules', () => {
  const rules = ofKind('PrometheusRule').flatMap((rule) =>
    specOf<{ groups: { name: string; rules: Record<string, unknown>[] }[] }>(rule).groups.flatMap((group) => group.rules),
  );
  it('page for late deliveries, rising dead letters, ingest 5xx and translator chains restarting in a loop', () => {
    expect(rules.map((rule) => rule.alert).sort()).toEqual(
      ['RelayDeadLettersRising', 'RelayDeliveriesLate', 'RelayIngest5xx', 'TranslatorChainsRestartingInALoop'].sort(),
    );
  });
  it.each(rules.map((rule) => [rule.alert as string, rule] as const))('%s is complete and reads metrics that exist', (_alert, rule) => {
    expect(typeof rule.expr).toBe('string');
    expect(rule.for).toMatch(/^\d+m$/);
    expect(rule.labels).toEqual({ severity: 'page' });
    expect((rule.annotations as Record<string, string>).summary).toBeTruthy();
    expect((rule.annotations as Record<string, string>).description).toBeTruthy();
    expect(unknownMetrics(rule.expr as string)).toEqual([]);
  });
  it('alerts on late deliveries after 5 minutes', () => {
    expect(rules.find((rule) => rule.alert === 'RelayDeliveriesLate')!.expr).toBe('max(relay_outbox_oldest_pending_age_seconds) > 300');
  });
});

describe('Grafana dashboards', () => {
  const dir = `${INFRA}monitoring/dashboards`;
  it('has one per service', () => {
    expect(readdirSync(dir).sort()).toEqual(['config-store.json', 'translator.json', 'webhook-relay.json']);
  });
  it.each(readdirSync(dir))('%s parses, and every panel reads metrics that exist', (file) => {
    const dashboard = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as {
      uid: string;
      panels: { title: string; targets: { expr: string }[] }[];
    };
    expect(dashboard.uid).toBe(file.replace(/\.json$/, ''));
    expect(dashboard.panels.length).toBeGreaterThan(4);
    for (const panel of dashboard.panels) {
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const target of panel.targets)
        expect({ panel: panel.title, unknown: unknownMetrics(target.expr) }).toEqual({ panel: panel.title, unknown: [] });
    }
  });
});
