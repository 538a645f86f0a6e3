import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Agent } from 'supertest';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

let context: TestContext;
let agent: Agent;
const ROWS = [
  { name: 'charlie', hostname: 'b.example.com', port: 3000, username: 'zed' },
  { name: 'alpha', hostname: 'c.example.com', port: 80, username: 'mia' },
  { name: 'bravo', hostname: 'a.example.com', port: 65535, username: 'abe' },
];

beforeAll(async () => {
  context = await createTestContext();
  agent = await context.loggedInAgent();
  for (const row of ROWS) await agent.post('/configurations/').send(row).expect(200);
});
afterAll(() => context.close());

const names = (response: { body: { configurations: Array<{ name: string }> } }) => response.body.configurations.map((row) => row.name);

describe('GET /configurations/', () => {
  it('lists every record in the configurations wrapper, in creation order', async () => {
    const response = await agent.get('/configurations/');
    expect(response.status).toBe(200);
    expect(names(response)).toEqual(['charlie', 'alpha', 'bravo']);
    expect(response.body.configurations[0]).toEqual({ id: expect.any(Number), ...ROWS[0] });
  });

  it('also answers without the trailing slash', async () => {
    expect((await agent.get('/configurations')).status).toBe(200);
  });

  it.each([
    ['name', ['alpha', 'bravo', 'charlie']],
    ['hostname', ['bravo', 'charlie', 'alpha']],
    ['port', ['alpha', 'charlie', 'bravo']],
    ['username', ['bravo', 'alpha', 'charlie']],
  ])('sorts ascending by %s', async (sort, expected) => {
    const response = await agent.get(`/configurations/?sort=${sort}`);
    expect(response.status).toBe(200);
    expect(names(response)).toEqual(expected);
  });

  it('pages with page (from 0) and per_page', async () => {
    expect(names(await agent.get('/configurations/?sort=name&page=0&per_page=2'))).toEqual(['alpha', 'bravo']);
    expect(names(await agent.get('/configurations/?sort=name&page=1&per_page=2'))).toEqual(['charlie']);
  });

  it('answers an empty list for a page past the end', async () => {
    const response = await agent.get('/configurations/?page=5&per_page=2');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ configurations: [] });
  });

  it('applies paging only when both page and per_page are present', async () => {
    expect(names(await agent.get('/configurations/?per_page=1'))).toHaveLength(3);
    expect(names(await agent.get('/configurations/?page=1'))).toHaveLength(3);
  });

  it.each([
    ['sort=id', 'sort must be one of name, hostname, port, username'],
    ['sort=name&sort=port', 'sort must be one of'],
    ['page=0&per_page=101', 'per_page must be at most 100'],
    ['page=0&per_page=0', 'per_page must be at least 1'],
    ['page=-1&per_page=10', 'page must be a non-negative integer'],
    ['page=one&per_page=10', 'page must be a non-negative integer'],
    ['order=desc', 'unknown field "order"'],
  ])('answers 400 naming the problem for ?%s', async (query, message) => {
    const response = await agent.get(`/configurations/?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });
});

describe('GET /configurations/ with many records', () => {
  it('returns 100 records for per_page=100, and the rest on the next page', async () => {
    await context.db.configuration.createMany({
      data: Array.from({ length: 150 }, (_, i) => ({
        name: `bulk-${String(i).padStart(3, '0')}`,
        hostname: 'h.example.com',
        port: 1 + i,
        username: 'u',
      })),
    });
    const first = await agent.get('/configurations/?sort=name&page=0&per_page=100');
    expect(first.status).toBe(200);
    expect(first.body.configurations).toHaveLength(100);
    const second = await agent.get('/configurations/?sort=name&page=1&per_page=100');
    expect(second.body.configurations).toHaveLength(53);
    const all = new Set([...names(first), ...names(second)]);
    expect(all.size).toBe(153);
  });
});
