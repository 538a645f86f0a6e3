// An Apertium stage of the translator's warm chain is killed (SIGKILL) while a long text is in it: the
// chain is restarted and the request retried once, so the client still gets the whole translation;
// requests made meanwhile are answered too.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { databaseUrl, dropDatabase, freshDatabaseName } from './helpers/databases.js';
import { childProcesses, startService, waitFor, type ServiceProcess } from './helpers/processes.js';

const ADMIN_KEY = 'faults-translator-admin-key:adm';
const database = freshDatabaseName('translator');
let translator: ServiceProcess;
let url: string;

beforeAll(async () => {
  translator = await startService({
    service: 'translator',
    env: {
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(database),
      TRANSLATOR_ADMIN_KEY: ADMIN_KEY,
      APERTIUM_WARM_PAIRS: 'EN-ES',
      APERTIUM_CHAINS_PER_PAIR: '1',
    },
    ports: { PORT: 'translator listening' },
  });
  url = `http://127.0.0.1:${translator.ports.PORT}`;
});
afterAll(async () => {
  await translator.stop();
  await dropDatabase(database);
});

const translate = async (text: string) => {
  const response = await fetch(`${url}/v2/translate`, {
    method: 'POST',
    headers: { authorization: `DeepL-Auth-Key ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: [text], source_lang: 'EN', target_lang: 'ES' }),
  });
  return { status: response.status, body: (await response.json()) as { translations?: { text: string }[]; message?: string } };
};

it('answers a request whose chain lost a stage mid-translation, whole', async () => {
  await waitFor(
    'the warm EN-ES chain',
    async () => childProcesses(translator.pid).some((child) => child.command.startsWith('apertium-transf')),
    60_000,
  );
  const paragraph = 'The dog is happy because the weather is good today. ';
  const long = `${paragraph.repeat(1200)}Final marker sentence about the red house.`;
  const answer = translate(long);
  const others = Promise.all(Array.from({ length: 5 }, () => translate('Hello world.')));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const stage = childProcesses(translator.pid).find((child) => child.command.startsWith('apertium-transf'));
  expect(stage).toBeDefined();
  process.kill(stage!.pid, 'SIGKILL');

  const { status, body } = await answer;
  expect(status).toBe(200);
  const text = body.translations![0]!.text;
  expect(text.length).toBeGreaterThan(long.length * 0.8);
  expect(text).toMatch(/casa roja\.?$/);
  // A refusal's body says which engine error it was.
  expect((await others).filter((other) => other.status !== 200)).toEqual([]);
  // The chain came back with new processes.
  const after = childProcesses(translator.pid).find((child) => child.command.startsWith('apertium-transf'));
  expect(after?.pid).not.toBe(stage!.pid);
});
