// Our own rules for a rendered overlay, beyond what the API schema says: what makes a Deployment safe to
// roll and to probe, and what makes the objects of one overlay hang together. Each returns one line per
// problem, naming the object; an empty list means the overlay passes.
import type { Container, KubernetesObject } from './render.js';

interface Probe {
  httpGet?: { path?: string; port?: string | number };
}
interface PodSpec {
  containers?: (Container & ContainerFields)[];
  initContainers?: (Container & ContainerFields & { command?: string[] })[];
  volumes?: { name: string; configMap?: { name: string }; secret?: { secretName: string } }[];
  securityContext?: { runAsNonRoot?: boolean };
}
interface ContainerFields {
  ports?: { name?: string; containerPort: number }[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; runAsNonRoot?: boolean };
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: { valueFrom?: { configMapKeyRef?: { name: string }; secretKeyRef?: { name: string } } }[];
}
type Labels = Record<string, string>;

const name = (object: KubernetesObject) => `${object.kind}/${object.metadata.name}`;
const podSpec = (object: KubernetesObject) => (object.spec as { template?: { spec?: PodSpec } }).template?.spec ?? {};
const templateLabels = (object: KubernetesObject): Labels =>
  (object.spec as { template?: { metadata?: { labels?: Labels } } }).template?.metadata?.labels ?? {};
const selects = (selector: Labels | undefined, labels: Labels) =>
  selector !== undefined && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);

export function lintObjects(objects: KubernetesObject[]): string[] {
  const deployments = objects.filter((object) => object.kind === 'Deployment');
  const jobs = objects.filter((object) => object.kind === 'Job');
  return [
    ...deployments.flatMap(lintDeployment),
    ...(jobs.length > 0 ? deployments.flatMap(lintWaitsForMigrations) : []),
    ...jobs.flatMap(lintJob),
    ...[...deployments, ...jobs].flatMap((workload) => lintReferences(workload, objects)),
    ...objects.filter((object) => object.kind === 'Service').flatMap((service) => lintService(service, deployments)),
    ...lintScaling(objects, deployments),
  ];
}

function lintDeployment(deployment: KubernetesObject): string[] {
  const problems: string[] = [];
  const spec = deployment.spec as {
    selector?: { matchLabels?: Labels };
    strategy?: { rollingUpdate?: { maxUnavailable?: number | string } };
  };
  if (!selects(spec.selector?.matchLabels, templateLabels(deployment)))
    problems.push(`${name(deployment)}: selector does not match the pod template's labels`);
  if (spec.strategy?.rollingUpdate?.maxUnavailable !== 0) problems.push(`${name(deployment)}: rollingUpdate.maxUnavailable must be 0`);
  const pod = podSpec(deployment);
  if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${name(deployment)}: pods must set runAsNonRoot: true`);
  for (const container of pod.initContainers ?? [])
    problems.push(...lintContainerBasics(container, `${name(deployment)} init container ${container.name}`));
  for (const container of pod.containers ?? []) {
    const where = `${name(deployment)} container ${container.name}`;
    problems.push(...lintContainerBasics(container, where));
    const portNames = new Set((container.ports ?? []).map((port) => port.name));
    for (const port of container.ports ?? []) if (!port.name) problems.push(`${where}: port ${port.containerPort} has no name`);
    for (const [kind, path] of [
      ['startupProbe', '/healthz'],
      ['livenessProbe', '/healthz'],
      ['readinessProbe', '/readyz'],
    ] as const) {
      const probe = container[kind];
      if (!probe?.httpGet) {
        problems.push(`${where}: no ${kind} (an httpGet on ${path})`);
        continue;
      }
      if (typeof probe.httpGet.port !== 'string' || !portNames.has(probe.httpGet.port))
        problems.push(`${where}: ${kind} port must name a declared port`);
      if (probe.httpGet.path !== path) problems.push(`${where}: ${kind} must probe ${path}`);
    }
  }
  return problems;
}

/** With a migrate Job beside it, a Deployment's pods must wait for it (`kubectl apply` starts both at once). */
function lintWaitsForMigrations(deployment: KubernetesObject): string[] {
  const waits = (podSpec(deployment).initContainers ?? []).some((container) => {
    const command = container.command ?? [];
    return command.some((part) => part.endsWith('migrate/cli.js')) && command.includes('wait');
  });
  return waits ? [] : [`${name(deployment)}: no init container running \`service-migrate wait\` before the new code starts`];
}

function lintJob(job: KubernetesObject): string[] {
  const pod = podSpec(job);
  const problems = pod.securityContext?.runAsNonRoot === true ? [] : [`${name(job)}: pods must set runAsNonRoot: true`];
  return [
    ...problems,
    ...(pod.containers ?? []).flatMap((container) => lintContainerBasics(container, `${name(job)} container ${container.name}`)),
  ];
}

function lintContainerBasics(container: Container & ContainerFields, where: string): string[] {
  const problems: string[] = [];
  if (!container.image) problems.push(`${where}: no image`);
  for (const part of ['requests', 'limits'] as const) {
    for (const resource of ['cpu', 'memory'])
      if (!container.resources?.[part]?.[resource]) problems.push(`${where}: no ${resource} ${part}`);
  }
  if (container.securityContext?.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation must be false`);
  if (container.securityContext?.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem must be true`);
  return problems;
}

function lintReferences(workload: KubernetesObject, objects: KubernetesObject[]): string[] {
  const exists = (kind: string, wanted: string) => objects.some((object) => object.kind === kind && object.metadata.name === wanted);
  const pod = podSpec(workload);
  const wanted: [string, string][] = [
    ...[...(pod.containers ?? []), ...(pod.initContainers ?? [])].flatMap((container) => [
      ...(container.envFrom ?? []).flatMap((source): [string, string][] => [
        ...(source.configMapRef ? [['ConfigMap', source.configMapRef.name] as [string, string]] : []),
        ...(source.secretRef ? [['Secret', source.secretRef.name] as [string, string]] : []),
      ]),
      ...(container.env ?? []).flatMap((variable): [string, string][] => [
        ...(variable.valueFrom?.configMapKeyRef ? [['ConfigMap', variable.valueFrom.configMapKeyRef.name] as [string, string]] : []),
        ...(variable.valueFrom?.secretKeyRef ? [['Secret', variable.valueFrom.secretKeyRef.name] as [string, string]] : []),
      ]),
    ]),
    ...(pod.volumes ?? []).flatMap((volume): [string, string][] => [
      ...(volume.configMap ? [['ConfigMap', volume.configMap.name] as [string, string]] : []),
      ...(volume.secret ? [['Secret', volume.secret.secretName] as [string, string]] : []),
    ]),
  ];
  return wanted
    .filter(([kind, wantedName]) => !exists(kind, wantedName))
    .map(([kind, wantedName]) => `${name(workload)}: refers to ${kind} ${wantedName}, which the overlay does not define`);
}

function lintService(service: KubernetesObject, deployments: KubernetesObject[]): string[] {
  const spec = service.spec as { selector?: Labels; ports?: { name?: string; targetPort?: string | number }[] };
  const backends = deployments.filter((deployment) => selects(spec.selector, templateLabels(deployment)));
  if (backends.length === 0) return [`${name(service)}: selects no Deployment's pods`];
  const declared = new Set(
    backends.flatMap((deployment) =>
      (podSpec(deployment).containers ?? []).flatMap((container) => (container.ports ?? []).map((port) => port.name)),
    ),
  );
  return (spec.ports ?? [])
    .filter((port) => typeof port.targetPort !== 'string' || !declared.has(port.targetPort))
    .map((port) => `${name(service)}: port ${port.name ?? '?'} must target a port its pods declare by name`);
}

function lintScaling(objects: KubernetesObject[], deployments: KubernetesObject[]): string[] {
  const problems: string[] = [];
  for (const hpa of objects.filter((object) => object.kind === 'HorizontalPodAutoscaler')) {
    const target = (hpa.spec as { scaleTargetRef?: { kind?: string; name?: string } }).scaleTargetRef;
    if (!deployments.some((deployment) => deployment.metadata.name === target?.name && target?.kind === 'Deployment')) {
      problems.push(`${name(hpa)}: scales ${target?.kind}/${target?.name}, which the overlay does not define`);
    }
  }
  const budgets = objects.filter((object) => object.kind === 'PodDisruptionBudget');
  for (const budget of budgets) {
    const selector = (budget.spec as { selector?: { matchLabels?: Labels } }).selector?.matchLabels;
    if (!deployments.some((deployment) => selects(selector, templateLabels(deployment))))
      problems.push(`${name(budget)}: selects no Deployment's pods`);
  }
  for (const deployment of deployments) {
    const hpa = objects.find(
      (object) =>
        object.kind === 'HorizontalPodAutoscaler' &&
        (object.spec as { scaleTargetRef?: { name?: string } }).scaleTargetRef?.name === deployment.metadata.name,
    );
    const least = Math.max(
      (deployment.spec as { replicas?: number }).replicas ?? 1,
      (hpa?.spec as { minReplicas?: number } | undefined)?.minReplicas ?? 1,
    );
    const covered = budgets.some((budget) =>
      selects((budget.spec as { selector?: { matchLabels?: Labels } }).selector?.matchLabels, templateLabels(deployment)),
    );
    if (least > 1 && !covered) problems.push(`${name(deployment)}: runs ${least} replicas but no PodDisruptionBudget covers it`);
  }
  return problems;
}
