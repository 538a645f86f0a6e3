import { CreateGlossaryV2Request } from '@workspace/contracts';
import type { Express } from 'express';
import { createGlossary } from '../../domain/glossaries/create-glossary.js';
import { deleteGlossary } from '../../domain/glossaries/delete-glossary.js';
import type { GlossaryDeps } from '../../domain/glossaries/glossary-deps.js';
import { findGlossary, listGlossaries, monolingualView } from '../../domain/glossaries/glossary-record.js';
import { readGlossaryEntries } from '../../domain/glossaries/read-glossary-entries.js';
import { HttpProblem } from '@workspace/service-kit';
import { parseParams } from '../parse-params.js';

const TSV = 'text/tab-separated-values';

// DeepL's older glossaries: one language pair each. They are the glossaries with one dictionary, so a
// v3 glossary of one dictionary shows here too, and a v2 glossary can be edited through v3.
export function registerGlossaryV2Routes(app: Express, deps: GlossaryDeps): void {
  app.post('/v2/glossaries', async (req, res) => {
    const { name, source_lang, target_lang, entries, entries_format } = parseParams(CreateGlossaryV2Request, req);
    const glossary = await createGlossary(deps, { name, dictionaries: [{ source_lang, target_lang, entries, entries_format }] });
    res.status(201).json(monolingualView(glossary));
  });

  app.get('/v2/glossaries', async (_req, res) => {
    const glossaries = await listGlossaries(deps.db);
    res.json({ glossaries: glossaries.filter((glossary) => glossary.dictionaries.length === 1).map(monolingualView) });
  });

  app.get('/v2/glossaries/:id', async (req, res) => {
    res.json(monolingualView(await findGlossary(deps.db, req.params.id, true)));
  });

  app.get('/v2/glossaries/:id/entries', async (req, res) => {
    // deepl-node sends axios' default Accept (`application/json, text/plain, */*`): anything that allows TSV is served TSV.
    if (req.headers.accept && !req.accepts(TSV))
      throw new HttpProblem(415, `Unsupported Accept header: glossary entries are served as ${TSV} only.`);
    const [dictionary] = await readGlossaryEntries(deps.db, await deps.catalog(), req.params.id, { v2: true });
    res.type(TSV).send(dictionary!.entries);
  });

  app.delete('/v2/glossaries/:id', async (req, res) => {
    await deleteGlossary(deps.db, req.params.id, true);
    res.status(204).end();
  });

  app.get('/v2/glossary-language-pairs', async (_req, res) => {
    const languages = (await deps.catalog()).baseLanguages().map((code) => code.toLowerCase());
    const pairs = languages.flatMap((source) =>
      languages.filter((target) => target !== source).map((target) => ({ source_lang: source, target_lang: target })),
    );
    res.json({ supported_languages: pairs });
  });
}
