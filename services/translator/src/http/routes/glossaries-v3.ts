import {
  CreateGlossaryV3Request,
  DictionaryEntriesQuery,
  DictionaryQuery,
  GlossaryDictionaryInput,
  UpdateGlossaryV3Request,
} from '@workspace/contracts';
import type { Express, Request } from 'express';
import type { z } from 'zod';
import { createGlossary } from '../../domain/glossaries/create-glossary.js';
import { deleteGlossary } from '../../domain/glossaries/delete-glossary.js';
import { deleteGlossaryDictionary } from '../../domain/glossaries/delete-glossary-dictionary.js';
import type { GlossaryDeps } from '../../domain/glossaries/glossary-deps.js';
import { findGlossary, listGlossaries, multilingualView } from '../../domain/glossaries/glossary-record.js';
import { readGlossaryEntries } from '../../domain/glossaries/read-glossary-entries.js';
import { replaceGlossaryDictionary } from '../../domain/glossaries/replace-glossary-dictionary.js';
import { updateGlossary } from '../../domain/glossaries/update-glossary.js';
import { TranslatorError } from '../../domain/translator-error.js';
import { parseKnownParams } from '../known-params.js';
import { parseParams } from '../parse-params.js';
import { requestParams } from '../request-params.js';

export function registerGlossaryV3Routes(app: Express, deps: GlossaryDeps): void {
  app.post('/v3/glossaries', async (req, res) => {
    const request = parseDictionaryParams(CreateGlossaryV3Request, req);
    res.status(201).json(multilingualView(await createGlossary(deps, request)));
  });

  app.get('/v3/glossaries', async (_req, res) => {
    res.json({ glossaries: (await listGlossaries(deps.db)).map(multilingualView) });
  });

  app.get('/v3/glossaries/:id', async (req, res) => {
    res.json(multilingualView(await findGlossary(deps.db, req.params.id)));
  });

  app.patch('/v3/glossaries/:id', async (req, res) => {
    const request = parseDictionaryParams(UpdateGlossaryV3Request, req);
    res.json(multilingualView(await updateGlossary(deps, req.params.id, request)));
  });

  app.delete('/v3/glossaries/:id', async (req, res) => {
    await deleteGlossary(deps.db, req.params.id);
    res.status(204).end();
  });

  app.get('/v3/glossaries/:id/entries', async (req, res) => {
    const query = parseParams(DictionaryEntriesQuery, req);
    const dictionaries = await readGlossaryEntries(deps.db, await deps.catalog(), req.params.id, {
      sourceLang: query.source_lang,
      targetLang: query.target_lang,
    });
    res.json({ dictionaries });
  });

  app.put('/v3/glossaries/:id/dictionaries', async (req, res) => {
    res.json(await replaceGlossaryDictionary(deps, req.params.id, parseParams(GlossaryDictionaryInput, req)));
  });

  app.delete('/v3/glossaries/:id/dictionaries', async (req, res) => {
    await deleteGlossaryDictionary(deps, req.params.id, parseParams(DictionaryQuery, req));
    res.status(204).end();
  });
}

const DICTIONARY_FIELD = /^dictionaries\[(\d+)\]\.(\w+)$/;

// deepl-node sends dictionaries as dotted form fields (`dictionaries[0].source_lang=en`); JSON bodies send an array.
function parseDictionaryParams<T extends z.ZodType>(schema: T, req: Request): z.output<T> {
  const params = requestParams(req.body, req.query, Boolean(req.is('application/x-www-form-urlencoded')), []);
  const dictionaries: Array<Record<string, unknown>> = [];
  for (const [name, value] of Object.entries(params)) {
    const field = DICTIONARY_FIELD.exec(name);
    if (!field) continue;
    const index = Number(field[1]);
    if (index > 100) throw new TranslatorError('BAD_REQUEST', `Value for 'dictionaries' not supported: index ${index} is too large.`);
    (dictionaries[index] ??= {})[field[2]!] = value;
    delete params[name];
  }
  if (dictionaries.length > 0) {
    if (params.dictionaries !== undefined)
      throw new TranslatorError(
        'BAD_REQUEST',
        "Value for 'dictionaries' not supported: send it once, as a list or as dictionaries[i] fields.",
      );
    if ([...dictionaries].some((dictionary) => dictionary === undefined))
      throw new TranslatorError(
        'BAD_REQUEST',
        "Value for 'dictionaries' not supported: the dictionaries[i] indices must run from 0 without gaps.",
      );
    params.dictionaries = dictionaries;
  }
  return parseKnownParams(schema, params, req);
}
