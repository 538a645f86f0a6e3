// The images cannot be built on these machines (no Docker engine), so each Dockerfile is checked here
// for what the manifests rely on: multi-stage with `pnpm deploy`, pinned bases, a non-root user, the
// command and ports the Deployment uses, and the files `pnpm deploy` must ship.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseYamlObjects, type KubernetesObject } from './helpers/render.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVICES = ['config-store', 'translator', 'webhook-relay'];

interface Instruction {
  keyword: string;
  args: string;
}

/** Instructions in order, continuation lines joined, comments dropped. */
function parseDockerfile(text: string): Instruction[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

function stages(instructions: Instruction[]): Instruction[][] {
  const result: Instruction[][] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') result.push([]);
    result.at(-1)?.push(instruction);
  }
  return result;
}

const deploymentOf = (service: string) =>
  parseYamlObjects(readFileSync(`${ROOT}infra/${service}/base/deployment.yaml`, 'utf8'), service)[0] as KubernetesObject & {
    spec: { template: { spec: { containers: { command: string[]; ports: { containerPort: number }[] }[] } } };
  };

describe.each(SERVICES)('services/%s/Dockerfile', (service) => {
  const instructions = parseDockerfile(readFileSync(`${ROOT}services/${service}/Dockerfile`, 'utf8'));
  const [build, runtime] = stages(instructions);
  const runtimeOf = (keyword: string) => runtime!.filter((instruction) => instruction.keyword === keyword);

  it('has a build stage and a runtime stage, both on a pinned Node image', () => {
    expect(stages(instructions)).toHaveLength(2);
    for (const stage of [build!, runtime!]) expect(stage[0]!.args).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim AS \w+$/);
  });

  it('builds the service with its workspace packages and ships it with pnpm deploy --prod', () => {
    const runs = build!.filter((instruction) => instruction.keyword === 'RUN').map((instruction) => instruction.args);
    expect(runs).toContain(`pnpm install --frozen-lockfile --filter @workspace/${service}...`);
    expect(runs).toContain(`pnpm --filter @workspace/${service}... run build`);
    expect(runs.some((run) => run.startsWith(`pnpm --filter @workspace/${service} deploy --prod`))).toBe(true);
  });

  it('copies only the deployed files into the runtime stage and runs them as a non-root user', () => {
    expect(runtimeOf('COPY').map((instruction) => instruction.args)).toEqual(['--from=build --chown=node:node /out ./']);
    const users = runtimeOf('USER').map((instruction) => instruction.args);
    expect(users).toHaveLength(1);
    expect(['root', '0']).not.toContain(users[0]);
    expect(runtime!.findIndex((instruction) => instruction.keyword === 'USER')).toBeLessThan(
      runtime!.findIndex((instruction) => instruction.keyword === 'CMD'),
    );
  });

  it('runs the command and exposes the ports the Deployment declares', () => {
    const container = deploymentOf(service).spec.template.spec.containers[0]!;
    expect(JSON.parse(runtimeOf('CMD')[0]!.args)).toEqual(container.command);
    const exposed = runtimeOf('EXPOSE').flatMap((instruction) => instruction.args.split(/\s+/).map(Number));
    expect(exposed.sort()).toEqual(container.ports.map((port) => port.containerPort).sort());
  });

  it('ships what the image needs through package.json "files": dist and the migrations', () => {
    const manifest = JSON.parse(readFileSync(`${ROOT}services/${service}/package.json`, 'utf8')) as { files?: string[] };
    expect(manifest.files).toEqual(expect.arrayContaining(['dist', 'prisma']));
  });
});

describe('what every image relies on', () => {
  it('service-kit ships the migration command the migration Jobs run', () => {
    const kit = JSON.parse(readFileSync(`${ROOT}packages/service-kit/package.json`, 'utf8')) as {
      files: string[];
      bin: Record<string, string>;
    };
    expect(kit.files).toContain('dist');
    expect(kit.bin['service-migrate']).toBe('./dist/migrate/cli.js');
    for (const service of SERVICES) {
      const job = readFileSync(`${ROOT}infra/${service}/base/migration-job.yaml`, 'utf8');
      expect(job).toContain('command: ["node", "node_modules/@workspace/service-kit/dist/migrate/cli.js", "deploy"]');
    }
  });

  it('the translator image installs exactly the Apertium packages the local stack installs', () => {
    const dockerfile = readFileSync(`${ROOT}services/translator/Dockerfile`, 'utf8').replace(/\\\n/g, ' ');
    const installed = /apt-get install -y --no-install-recommends ([^&]+)&&/.exec(dockerfile)![1]!.trim().split(/\s+/);
    const local = /APERTIUM_APT_PACKAGES=\(([^)]*)\)/
      .exec(readFileSync(`${ROOT}infra/local/lib.sh`, 'utf8'))![1]!
      .trim()
      .split(/\s+/);
    expect(installed.sort()).toEqual(local.sort());
  });

  it('the build context leaves out dependencies, builds and local state', () => {
    const ignored = readFileSync(`${ROOT}.dockerignore`, 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.git', '.local']) expect(ignored).toContain(entry);
  });
});
