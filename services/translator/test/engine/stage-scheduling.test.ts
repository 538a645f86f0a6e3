// Real apertium-en-es chains: the policy each stage process runs under, read back from /proc.
import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { ApertiumRunner } from '../../src/engine/apertium/apertium-runner.js';
import { scheduledCommand, type StageScheduling } from '../../src/engine/apertium/stage-scheduling.js';

// Linux scheduling policies as /proc/<pid>/stat reports them (field 41).
const SCHED_OTHER = 0;
const SCHED_BATCH = 3;

function policyOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3]);
}

function programOf(pid: number): string {
  return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
}

let runner: ApertiumRunner | undefined;
afterEach(() => runner?.close());

async function chainWith(stageScheduling: StageScheduling): Promise<number[]> {
  runner = new ApertiumRunner({ chainsPerPair: 1, stageScheduling });
  const [result] = await runner.translate(['Hello world.'], { source: 'en', target: 'es' });
  expect(result!.text).toBe('Hola Mundo.');
  return runner.processIds();
}

describe('stage scheduling of Apertium chains', () => {
  it('runs every stage of a chain under SCHED_BATCH when asked, and the stages are the Apertium programs themselves', async () => {
    const pids = await chainWith('batch');
    expect(pids).toHaveLength(11);
    expect(pids.map(policyOf)).toEqual(pids.map(() => SCHED_BATCH));
    // chrt sets the policy and execs the stage: no wrapper process is left in the chain.
    expect(pids.map(programOf)).not.toContain('chrt');
    expect(programOf(pids[0]!)).toBe('lt-proc');
  });

  it('leaves the stages under the default policy when scheduling is normal', async () => {
    const pids = await chainWith('normal');
    expect(pids.map(policyOf)).toEqual(pids.map(() => SCHED_OTHER));
  });

  it('starts a stage through chrt only for batch scheduling', () => {
    const stage = { program: 'lt-proc', args: ['-z', 'eng-spa.automorf.bin'] };
    expect(scheduledCommand(stage, 'batch')).toEqual({ program: 'chrt', args: ['--batch', '0', 'lt-proc', '-z', 'eng-spa.automorf.bin'] });
    expect(scheduledCommand(stage, 'normal')).toBe(stage);
  });
});
