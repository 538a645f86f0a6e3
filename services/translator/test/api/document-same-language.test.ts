// A document already in its target language ends in status error, as DeepL's does: deepl-node's own suite
// (docs/deepl-node-suite.md, "should handle document failure") expects translateDocument to reject with
// "Source and target language ...". Translated texts stay as they are (POST /v2/translate returns them).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import request from 'supertest';
import { auth, createTestContext, deeplClientOptions, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  ctx = await createTestContext({ documentWorker: { pollMs: 100 } });
  serverUrl = (await ctx.listen()).url;
});
afterAll(() => ctx.close());

async function finalStatus(handle: { document_id: string; document_key: string }) {
  for (;;) {
    const status = await request(ctx.app)
      .post(`/v2/document/${handle.document_id}`)
      .set(auth(ctx.adminKey))
      .send({ document_key: handle.document_key })
      .expect(200);
    if (status.body.status === 'done' || status.body.status === 'error') return status.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const upload = (text: string, fields: Record<string, string>) => {
  let call = request(ctx.app).post('/v2/document').set(auth(ctx.adminKey));
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  return call.attach('file', Buffer.from(text), 'same.txt').expect(200);
};

describe('a document already in its target language', () => {
  it('ends in status error naming both languages when its detected source is the target', async () => {
    const created = await upload('La casa es grande.\nEl gato es negro.\n', { target_lang: 'ES' });
    const status = await finalStatus(created.body);
    expect(status.status).toBe('error');
    expect(status.error_message).toMatch(/^Source and target language are equal: the document is detected as ES, the target is ES\./);
  });

  it('ends in status error when source_lang is the target base language (EN for EN-GB)', async () => {
    const created = await upload('The house is big.\n', { target_lang: 'EN-GB', source_lang: 'EN' });
    const status = await finalStatus(created.body);
    expect(status).toMatchObject({ status: 'error', error_message: expect.stringMatching(/given as EN, the target is EN-GB/) });
  });

  it('makes deepl-node translateDocument reject with DeepL\'s "Source and target language" text', async () => {
    const translator = new deepl.Translator(ctx.adminKey, deeplClientOptions(serverUrl));
    const call = translator.translateDocument(
      Buffer.from('El informe está listo.'),
      join(tmpdir(), `same-language-${process.pid}.txt`),
      null,
      'es',
      { filename: 'informe.txt' },
    );
    await expect(call).rejects.toBeInstanceOf(deepl.DocumentTranslationError);
    await expect(call).rejects.toThrow(/Source and target language/);
  });
});
