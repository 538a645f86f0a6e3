import type { Redis } from 'ioredis';

/** Every Lua script defined on the connection, those its pipelines inherit included (src/queue/pipeline-scripts.ts). */
export function definedScripts(redis: Redis): string[] {
  const names: string[] = [];
  for (const name in (redis as unknown as { scriptsSet: Record<string, unknown> }).scriptsSet) names.push(name);
  return names;
}
