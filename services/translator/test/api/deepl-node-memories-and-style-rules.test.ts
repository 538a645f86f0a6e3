// deepl-node 1.28's translation-memory and style-rule methods against the service, unchanged (uploads
// and downloads go to our own URLs without the API key), and both applied by /v2/translate through
// the real Apertium engine.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as deepl from 'deepl-node';
import { createTestContext, type TestContext, deeplClientOptions } from '../helpers/test-app.js';

let ctx: TestContext;
let client: deepl.DeepLClient;
let directory: string;
beforeAll(async () => {
  ctx = await createTestContext();
  client = new deepl.DeepLClient(ctx.adminKey, deeplClientOptions((await ctx.listen()).url));
  directory = await mkdtemp(join(tmpdir(), 'translator-tm-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
  await ctx.close();
});

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="t" creationtoolversion="1"/>
  <body>
    <tu><tuv xml:lang="en"><seg>The red car is fast.</seg></tuv><tuv xml:lang="es"><seg>El coche rojo corre (memoria).</seg></tuv></tu>
    <tu><tuv xml:lang="en"><seg>Welcome to our shop</seg></tuv><tuv xml:lang="es"><seg>Bienvenido a nuestra tienda (memoria)</seg></tuv></tu>
    <tu><tuv xml:lang="en"><seg>Goodbye</seg></tuv><tuv xml:lang="es"><seg>Adiós (memoria)</seg></tuv></tu>
  </body>
</tmx>
`;

describe('translation memories through deepl-node', () => {
  let memoryId: string;

  it('importTranslationMemoryFromFilepath: creates the import, uploads without the key, and waits for completion', async () => {
    const path = join(directory, 'shop.tmx');
    await writeFile(path, TMX);
    const job = await client.importTranslationMemoryFromFilepath(path, { displayName: 'Shop', timeoutMs: 20_000 });
    expect(job).toMatchObject({
      operation: 'import',
      product: 'translation_memory',
      displayName: 'Shop',
      sourceContentLength: Buffer.byteLength(TMX),
    });
    expect(job.results).toEqual([
      expect.objectContaining({ status: 'completed', skippedSegmentCount: 0, translationMemoryId: expect.any(String) }),
    ]);
    memoryId = job.results[0]!.translationMemoryId!;
  });

  it('createTranslationMemoryImport, uploadTranslationMemoryFile and getTranslationMemoryJob step by step (TSV)', async () => {
    const file = Buffer.from('en\tes\nHello\tHola (memoria)\n');
    const created = await client.createTranslationMemoryImport('greetings.tsv', file.length, { contentType: 'text/tab-separated-values' });
    expect(created.uploadUrl).toMatch(/\/translation-memory-files\//);
    expect(created.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect((await client.getTranslationMemoryJob(created.jobId)).results[0]).toMatchObject({
      status: 'awaiting_input',
      requiredAction: 'upload_file',
    });
    await client.uploadTranslationMemoryFile(created, file, 'text/tab-separated-values');
    const job = await client.isTranslationMemoryJobComplete(created.jobId, 20_000);
    expect(job.results[0]?.status).toBe('completed');
    await client.deleteTranslationMemory(job.results[0]!.translationMemoryId!);
  });

  it('a failed import rejects with the reason', async () => {
    const path = join(directory, 'broken.tmx');
    await writeFile(path, '<tmx><body>');
    await expect(client.importTranslationMemoryFromFilepath(path, { timeoutMs: 20_000 })).rejects.toThrow(/not well-formed XML/);
  });

  it('listTranslationMemories, getTranslationMemory and listTranslationMemorySegments', async () => {
    const memories = await client.listTranslationMemories(0, 25);
    const memory = memories.find((item) => item.translationMemoryId === memoryId);
    expect(memory).toMatchObject({ name: 'Shop', sourceLanguage: 'en', targetLanguages: ['es'], segmentCount: 3 });
    expect(memory?.creationTime).toBeInstanceOf(Date);
    expect(await client.getTranslationMemory(memoryId)).toEqual(memory);

    const first = await client.listTranslationMemorySegments(memoryId, { pageSize: 2 });
    expect(first.segmentCount).toBe(3);
    expect(first.segments.map((segment) => segment.sourceText)).toEqual(['The red car is fast.', 'Welcome to our shop']);
    const rest = await client.listTranslationMemorySegments(memory!, { pageSize: 2, pageCursor: first.nextPageCursor! });
    expect(rest.segments).toEqual([
      expect.objectContaining({
        sourceText: 'Goodbye',
        targets: [expect.objectContaining({ targetLanguage: 'es', targetText: 'Adiós (memoria)' })],
      }),
    ]);
    expect(rest.nextPageCursor).toBeUndefined();
    const filtered = await client.listTranslationMemorySegments(memoryId, { filterText: 'TIENDA', filterCaseSensitive: false });
    expect(filtered.segments.map((segment) => segment.sourceText)).toEqual(['Welcome to our shop']);
  });

  it('translateText uses memory matches at or above translationMemoryThreshold and Apertium for the rest', async () => {
    const [exact, fuzzy, other] = await client.translateText(['Goodbye', 'The red cat is fast!', 'The dog sleeps.'], 'en', 'es', {
      translationMemory: memoryId,
      translationMemoryThreshold: 85,
    });
    expect(exact!.text).toBe('Adiós (memoria)');
    expect(fuzzy!.text).toBe('El coche rojo corre (memoria).');
    expect(other!.text).not.toMatch(/memoria/);
    expect(other!.text.length).toBeGreaterThan(0);
    const strict = await client.translateText('The red cat is fast!', 'en', 'es', {
      translationMemory: memoryId,
      translationMemoryThreshold: 95,
    });
    expect(strict.text).not.toMatch(/memoria/);
    await expect(client.translateText('Hi', 'en', 'fr', { translationMemory: memoryId })).rejects.toThrow(
      /does not support the target language|not supported/,
    );
  });

  it('createTranslationMemoryExport, exportTranslationMemoryToFilepath and downloadTranslationMemoryExport', async () => {
    const started = await client.createTranslationMemoryExport(memoryId);
    expect(started).toMatchObject({ translationMemoryId: memoryId, reusedExisting: false });
    const again = await client.createTranslationMemoryExport(memoryId);
    expect(again).toMatchObject({ jobId: started.jobId, reusedExisting: true });
    const job = await client.isTranslationMemoryJobComplete(started.jobId, 20_000);
    const first = join(directory, 'first.tmx');
    await client.downloadTranslationMemoryExport(job, first);
    expect(await readFile(first, 'utf8')).toContain('<seg>Bienvenido a nuestra tienda (memoria)</seg>');
    expect((await client.getTranslationMemoryJob(started.jobId)).results[0]?.status).toBe('downloaded');

    const output = join(directory, 'exported.tmx');
    const exported = await client.exportTranslationMemoryToFilepath(memoryId, output, { timeoutMs: 20_000 });
    expect(exported.jobId).not.toBe(started.jobId);
    const tmx = await readFile(output, 'utf8');
    expect(tmx).toContain('srclang="en"');
    expect(tmx).toContain('<tuv xml:lang="es"><seg>Adiós (memoria)</seg></tuv>');
  });

  it('deleteTranslationMemory', async () => {
    await client.deleteTranslationMemory(memoryId);
    await expect(client.getTranslationMemory(memoryId)).rejects.toThrow(/not found/);
  });
});

describe('style rules through deepl-node', () => {
  it('createStyleRule, getStyleRule, getAllStyleRules, updateStyleRuleName, updateStyleRuleConfiguredRules and deleteStyleRule', async () => {
    const rule = await client.createStyleRule({
      name: 'House',
      language: 'es',
      configured_rules: { punctuation: { quotation_mark: 'use_guillemets' } },
      custom_instructions: [{ label: 'Formal', prompt: 'Use usted.' }],
    });
    expect(rule).toMatchObject({
      name: 'House',
      language: 'es',
      version: 1,
      configuredRules: { punctuation: { quotation_mark: 'use_guillemets' } },
    });
    expect(rule.customInstructions).toEqual([expect.objectContaining({ label: 'Formal', prompt: 'Use usted.' })]);
    expect(await client.getStyleRule(rule.styleId)).toEqual(rule);

    const brief = await client.getAllStyleRules();
    expect(brief.find((item) => item.styleId === rule.styleId)).toMatchObject({
      name: 'House',
      configuredRules: undefined,
      customInstructions: undefined,
    });
    const detailed = await client.getAllStyleRules(0, 10, true);
    expect(detailed.find((item) => item.styleId === rule.styleId)?.customInstructions).toHaveLength(1);

    expect((await client.updateStyleRuleName(rule.styleId, 'Casa')).name).toBe('Casa');
    const reconfigured = await client.updateStyleRuleConfiguredRules(rule.styleId, { numbers: { decimal_separator: 'comma' } });
    expect(reconfigured.configuredRules).toMatchObject({ numbers: { decimal_separator: 'comma' } });
    expect(reconfigured.configuredRules?.punctuation).toBeUndefined();

    const translated = await client.translateText('The house is big.', 'en', 'es', { styleRule: rule });
    expect(translated.text.length).toBeGreaterThan(0);
    await expect(client.translateText('La casa es grande.', 'es', 'en-US', { styleRule: rule.styleId })).rejects.toThrow(/'style_id'/);

    await client.deleteStyleRule(rule.styleId);
    await expect(client.getStyleRule(rule.styleId)).rejects.toThrow(/not found/);
  });

  it('createStyleRuleCustomInstruction, getStyleRuleCustomInstruction, updateStyleRuleCustomInstruction and deleteStyleRuleCustomInstruction', async () => {
    const rule = await client.createStyleRule({ name: 'Instructions', language: 'en' });
    const instruction = await client.createStyleRuleCustomInstruction(rule.styleId, {
      label: 'Brief',
      prompt: 'Keep it short.',
      source_language: 'es',
    });
    expect(instruction).toEqual({ id: expect.any(String), label: 'Brief', prompt: 'Keep it short.', sourceLanguage: 'es' });
    expect(await client.getStyleRuleCustomInstruction(rule.styleId, instruction.id!)).toEqual(instruction);
    const updated = await client.updateStyleRuleCustomInstruction(rule.styleId, instruction.id!, { label: 'Briefer', prompt: 'Shorter.' });
    expect(updated).toEqual({ id: instruction.id, label: 'Briefer', prompt: 'Shorter.', sourceLanguage: undefined });
    await client.deleteStyleRuleCustomInstruction(rule.styleId, instruction.id!);
    await expect(client.getStyleRuleCustomInstruction(rule.styleId, instruction.id!)).rejects.toThrow(/not found/);
    await client.deleteStyleRule(rule.styleId);
  });
});
