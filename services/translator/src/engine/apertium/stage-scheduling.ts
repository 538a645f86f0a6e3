// How a chain's stage processes are scheduled by Linux. A segment hops through 6-15 stages, and each
// hop wakes the next stage. Under the default policy a woken stage preempts whatever runs on its core,
// most often this service's own Node process in the middle of answering a request, so on a busy machine
// the process that feeds the chains is the one that waits. Under SCHED_BATCH (`chrt --batch 0`) a woken
// stage waits for its turn instead; stages still get their full share of CPU. Measured on 2 vCPU: the
// chain fed directly is no faster either way; through the service the gain (once +10%, once none) was
// inside that machine's noise (README, translator benchmark).
import { spawnSync } from 'node:child_process';
import type { PipelineCommand } from './mode-file.js';

export const STAGE_SCHEDULING = ['batch', 'normal'] as const;
export type StageScheduling = (typeof STAGE_SCHEDULING)[number];

const CHRT = 'chrt';
let chrtWorks: boolean | undefined;

/** Whether util-linux's chrt is here and may set SCHED_BATCH (checked once, by running it). */
export function canScheduleBatch(): boolean {
  chrtWorks ??= spawnSync(CHRT, ['--batch', '0', 'true'], { stdio: 'ignore' }).status === 0;
  return chrtWorks;
}

/** The command that starts `command` under `scheduling`; unchanged where SCHED_BATCH is not available. */
export function scheduledCommand(command: PipelineCommand, scheduling: StageScheduling): PipelineCommand {
  if (scheduling === 'normal' || !canScheduleBatch()) return command;
  // chrt sets the policy and then execs the stage: the process (and its pid) is the stage itself.
  return { program: CHRT, args: ['--batch', '0', command.program, ...command.args] };
}
