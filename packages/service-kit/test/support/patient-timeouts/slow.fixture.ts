import { beforeAll, expect, it, jest } from '@jest/globals';

// Each wait takes 1.5x the timeout it is given: passes only when the environment stretches timeouts.
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(() => pause(600), 400);

it('a test that names its own timeout', () => pause(600).then(() => expect(true).toBe(true)), 400);

it('a test under jest.setTimeout', async () => {
  await pause(600);
  expect(true).toBe(true);
});

jest.setTimeout(400);
