import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { readmeConfigurationProblems } from '@workspace/service-kit/testing';
import { ConfigSchema } from '../src/config.js';

const README = fileURLToPath(new URL('../README.md', import.meta.url));

describe('README configuration table', () => {
  it('lists exactly the variables ConfigSchema reads, each with the default the schema applies', async () => {
    expect(await readmeConfigurationProblems(README, ConfigSchema)).toEqual([]);
  });
});
