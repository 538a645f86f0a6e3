import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { envBoolean, envInteger, envOptional, envPort } from '../src/index.js';
import { configurationTableProblems, readConfigurationTable, readmeConfigurationProblems } from '../src/testing/index.js';

const Schema = z.object({
  PORT: envPort(8100),
  WORKERS_IN_PROCESS: envBoolean(false),
  RETRY_SCHEDULE: z
    .string()
    .default('5s,5m')
    .transform((value) => value.split(',')),
  JITTER: z.coerce.number().min(0).max(1).default(0.2),
  PUBLIC_URL: envOptional(),
  MASTER_KEY: z.string().min(1),
  POOL_SIZE: envInteger(10),
});

const readme = (rows: string[], { before = '', after = '' } = {}) =>
  [
    '# service',
    before,
    '## Configuration',
    '',
    'Every variable the service reads:',
    '',
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...rows,
    '',
    after,
    '## API',
    '| not | the | table |',
    '| --- | --- | --- |',
  ].join('\n');

const AGREEING_ROWS = [
  '| `PORT` | `8100` | where the API listens |',
  '| `WORKERS_IN_PROCESS` | `false` | run the workers in the API process |',
  '| `RETRY_SCHEDULE` | `5s,5m` | waits before each retry |',
  '| `JITTER` | `0.2` | spread of each wait |',
  '| `PUBLIC_URL` | http://127.0.0.1:`PORT` | derived when unset |',
  '| `MASTER_KEY` | required | base64 of 32 bytes |',
  '| `POOL_SIZE` | `10` | connections, with a \\| pipe escaped |',
];

describe('configurationTableProblems', () => {
  it('finds nothing when the names are the schema keys and the literal defaults the schema defaults', () => {
    expect(configurationTableProblems(readme(AGREEING_ROWS), Schema)).toEqual([]);
  });

  it('accepts `unset` for an optional variable and a backticked `required`', () => {
    const rows = AGREEING_ROWS.map((row) => row.replace('http://127.0.0.1:`PORT`', 'unset').replace('| required |', '| `required` |'));
    expect(configurationTableProblems(readme(rows), Schema)).toEqual([]);
  });

  it('names a variable the schema reads and the table leaves out', () => {
    const rows = AGREEING_ROWS.filter((row) => !row.includes('`JITTER`'));
    expect(configurationTableProblems(readme(rows), Schema)).toEqual([
      'JITTER: missing from the configuration table; the config schema reads it',
    ]);
  });

  it('names a row the schema does not read, and a row listed twice', () => {
    const rows = [...AGREEING_ROWS, '| `PORT` | `8100` | again |', '| `OLD_SETTING` | `1` | gone |'];
    expect(configurationTableProblems(readme(rows), Schema)).toEqual([
      'PORT: listed more than once (again at line 16)',
      'OLD_SETTING: extra row (line 17); the config schema has no such variable',
    ]);
  });

  it('names a literal default that differs from the schema default', () => {
    const rows = AGREEING_ROWS.map((row) => row.replace('`5s,5m`', '`5s,5m,30m`').replace('`0.2`', '`0.25`'));
    expect(configurationTableProblems(readme(rows), Schema)).toEqual([
      "RETRY_SCHEDULE: wrong default `5s,5m,30m` (line 11); the schema's default is `5s,5m`",
      "JITTER: wrong default `0.25` (line 12); the schema's default is `0.2`",
    ]);
  });

  it('refuses `required` for a variable with a default, a literal for one without, and anything but `required` for one the schema needs', () => {
    const rows = AGREEING_ROWS.map((row) =>
      row
        .replace('| `10` |', '| required |')
        .replace('http://127.0.0.1:`PORT`', '`http://127.0.0.1:8100`')
        .replace('| required | base64', '| unset | base64'),
    );
    expect(configurationTableProblems(readme(rows), Schema)).toEqual([
      'PUBLIC_URL: wrong default `http://127.0.0.1:8100` (line 13); the schema has no default (write unset, or a phrase for a derived one)',
      'MASTER_KEY: the schema refuses to start without it, so its default must read `required` (line 14 says unset)',
      'POOL_SIZE: documented as required, but the schema starts without it (`10`; line 15)',
    ]);
  });

  it('refuses `unset` for a variable that has a default', () => {
    const rows = AGREEING_ROWS.map((row) => row.replace('| `8100` |', '| unset |'));
    expect(configurationTableProblems(readme(rows), Schema)).toEqual([
      "PORT: documented as unset, but the schema's default is `8100` (line 9)",
    ]);
  });

  it('says so when there is no section, no table, a second table or another header', () => {
    expect(configurationTableProblems('# service\n## Usage\n', Schema)).toEqual(['no "## Configuration" section']);
    expect(configurationTableProblems('## Configuration\nnone yet\n## API\n', Schema)).toEqual([
      'the "## Configuration" section holds no table',
    ]);
    expect(configurationTableProblems(readme(AGREEING_ROWS, { after: '| a | b |\n| - | - |' }), Schema)[0]).toMatch(/holds 2 tables/);
    const renamed = readme(AGREEING_ROWS).replace('| variable | default | meaning |', '| name | default | meaning |');
    expect(configurationTableProblems(renamed, Schema)[0]).toMatch(/header row/);
  });

  it('ignores a "## Configuration" heading inside fenced code', () => {
    const fenced = readme(AGREEING_ROWS, { before: '```md\n## Configuration\n```\n' });
    expect(readConfigurationTable(fenced).map((row) => row.variable)).toContain('MASTER_KEY');
  });

  it('reports a README that does not exist instead of throwing', async () => {
    const problems = await readmeConfigurationProblems('/nonexistent/README.md', Schema);
    expect(problems).toEqual(['cannot read /nonexistent/README.md: ENOENT']);
  });
});
