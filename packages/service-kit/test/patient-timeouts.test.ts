import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The preset's environment stretches every timeout by the machine's load factor: a test's own, a hook's and
// jest.setTimeout's. The fixture's waits each take 1.5x their timeout.
const fixtureDir = fileURLToPath(new URL('./support/patient-timeouts/', import.meta.url));
const jestBin = fileURLToPath(new URL('../node_modules/.bin/jest', import.meta.url));

function runFixture(loadFactor: string): Promise<{ passed: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(
      jestBin,
      ['--ci', '--colors=false'],
      {
        cwd: fixtureDir,
        env: { ...process.env, JEST_LOAD_FACTOR: loadFactor, NODE_OPTIONS: '--experimental-vm-modules' },
      },
      (error, stdout, stderr) => resolve({ passed: !error, output: `${stdout}${stderr}` }),
    );
  });
}

describe('timeouts on a busy machine', () => {
  it('stretches test, hook and jest.setTimeout timeouts by the load factor', async () => {
    const result = await runFixture('10');
    expect(result.output).toContain('Tests:       10 passed, 10 total');
    expect(result.passed).toBe(true);
  }, 60_000);

  it('keeps them as written on a quiet machine, so the fixture fails there', async () => {
    const result = await runFixture('1');
    expect(result.output).toContain('Exceeded timeout of 400 ms for a hook');
    expect(result.passed).toBe(false);
  }, 60_000);
});
