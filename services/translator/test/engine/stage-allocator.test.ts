// Real apertium-en-es chains with tcmalloc preloaded into every stage, read back from /proc; and how the
// setting is resolved against what a machine has installed.
import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { readConfig } from '../../src/config.js';
import { ApertiumRunner } from '../../src/engine/apertium/apertium-runner.js';
import { resolveStageAllocator, stageEnvironment, type StageAllocator } from '../../src/engine/apertium/stage-allocator.js';

const SENTENCES = [
  'Hello world.',
  'The licenses for most software are designed to take away your freedom to share and change it.',
  "You may copy and distribute verbatim copies of the Program's source code as you receive it, in any medium.",
  'This License applies to any program or other work which contains a notice placed by the copyright holder.',
];

const runners: ApertiumRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
});

async function chainWith(stageAllocator: StageAllocator): Promise<{ texts: string[]; pids: number[] }> {
  const runner = new ApertiumRunner({ chainsPerPair: 1, stageAllocator });
  runners.push(runner);
  const results = await runner.translate(SENTENCES, { source: 'en', target: 'es' });
  return { texts: results.map((result) => result.text), pids: await runner.processIds() };
}

function mapsTcmalloc(pid: number): boolean {
  return readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libtcmalloc_minimal');
}

describe('the malloc of Apertium stage processes', () => {
  const tcmalloc = resolveStageAllocator('tcmalloc');

  it('finds tcmalloc where Debian installs it (the CI installs libtcmalloc-minimal4)', () => {
    expect(tcmalloc).toEqual({ name: 'tcmalloc', preload: expect.stringMatching(/\/libtcmalloc_minimal\.so\.4$/) });
  });

  it('preloads tcmalloc into every stage of a chain, and the translations are byte for byte those of the system malloc', async () => {
    const withTcmalloc = await chainWith(tcmalloc);
    const withSystem = await chainWith({ name: 'system' });
    expect(withTcmalloc.pids).toHaveLength(11);
    expect(withTcmalloc.pids.map(mapsTcmalloc)).toEqual(withTcmalloc.pids.map(() => true));
    expect(withSystem.pids.map(mapsTcmalloc)).toEqual(withSystem.pids.map(() => false));
    expect(withTcmalloc.texts[0]).toBe('Hola Mundo.');
    expect(withTcmalloc.texts).toEqual(withSystem.texts);
  });

  it('does not preload anything into the service process itself', () => {
    expect(mapsTcmalloc(process.pid)).toBe(false);
  });
});

describe('resolving APERTIUM_STAGE_ALLOCATOR', () => {
  const only =
    (...paths: string[]) =>
    (path: string) =>
      paths.includes(path);

  it('takes tcmalloc from the first library directory that has it', () => {
    expect(resolveStageAllocator('tcmalloc', only('/usr/lib64/libtcmalloc_minimal.so.4'))).toEqual({
      name: 'tcmalloc',
      preload: '/usr/lib64/libtcmalloc_minimal.so.4',
    });
  });

  it('falls back to the system malloc with a warning naming the package when tcmalloc is not installed', () => {
    const allocator = resolveStageAllocator('tcmalloc', only());
    expect(allocator.name).toBe('system');
    expect(allocator.preload).toBeUndefined();
    expect(allocator.warning).toContain('libtcmalloc-minimal4');
  });

  it('uses no preload for system', () => {
    expect(resolveStageAllocator('system', only('/usr/lib/x86_64-linux-gnu/libtcmalloc_minimal.so.4'))).toEqual({ name: 'system' });
  });

  it('preloads an explicit library path, and refuses one that does not exist or is not absolute', () => {
    expect(resolveStageAllocator('/opt/mimalloc.so', only('/opt/mimalloc.so'))).toEqual({
      name: '/opt/mimalloc.so',
      preload: '/opt/mimalloc.so',
    });
    expect(() => resolveStageAllocator('/opt/missing.so', only())).toThrow('/opt/missing.so does not exist');
    expect(() => resolveStageAllocator('jemalloc', only())).toThrow('tcmalloc, system or an absolute path');
  });

  it('defaults to tcmalloc and refuses a setting that is neither a known name nor an absolute path at start', () => {
    expect(readConfig({}).APERTIUM_STAGE_ALLOCATOR).toBe('tcmalloc');
    expect(readConfig({ APERTIUM_STAGE_ALLOCATOR: '/opt/mimalloc.so' }).APERTIUM_STAGE_ALLOCATOR).toBe('/opt/mimalloc.so');
    expect(() => readConfig({ APERTIUM_STAGE_ALLOCATOR: 'jemalloc' })).toThrow(
      'APERTIUM_STAGE_ALLOCATOR: must be tcmalloc, system or the absolute path of a malloc library',
    );
  });

  it('puts the allocator in front of an LD_PRELOAD the service already has, and leaves the environment alone without one', () => {
    expect(stageEnvironment('/lib/tc.so', { PATH: '/bin', LD_PRELOAD: '/lib/other.so' })).toEqual({
      PATH: '/bin',
      LD_PRELOAD: '/lib/tc.so:/lib/other.so',
    });
    expect(stageEnvironment('/lib/tc.so', { PATH: '/bin' })).toEqual({ PATH: '/bin', LD_PRELOAD: '/lib/tc.so' });
    expect(stageEnvironment(undefined, { PATH: '/bin' })).toBeUndefined();
  });
});
