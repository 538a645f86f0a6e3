import type { Express } from 'express';
import { z } from 'zod';
import { createSpokenTerms } from '../../domain/spoken-terms/create-spoken-terms.js';
import { deleteSpokenTerms } from '../../domain/spoken-terms/delete-spoken-terms.js';
import { readSpokenTermsEntries } from '../../domain/spoken-terms/read-spoken-terms.js';
import { CreateSpokenTermsRequest, UpdateSpokenTermsRequest } from '../../domain/spoken-terms/spoken-terms-input.js';
import { findSpokenTerms, listSpokenTerms, type SpokenTermsDeps, spokenTermsView } from '../../domain/spoken-terms/spoken-terms-record.js';
import { updateSpokenTerms } from '../../domain/spoken-terms/update-spoken-terms.js';
import { parseKnownParams } from '../known-params.js';

const EntriesQuery = z.object({ language: z.string().min(1).optional() });

/** Spoken-terms collections (docs/voice.md): this service's API, shaped like v3 glossaries. */
export function registerSpokenTermsRoutes(app: Express, deps: SpokenTermsDeps): void {
  app.post('/v3/spoken_terms', async (req, res) => {
    res.status(201).json(spokenTermsView(await createSpokenTerms(deps, parseKnownParams(CreateSpokenTermsRequest, req.body ?? {}, req))));
  });

  app.get('/v3/spoken_terms', async (_req, res) => {
    res.json({ spoken_terms: (await listSpokenTerms(deps.db)).map(spokenTermsView) });
  });

  app.get('/v3/spoken_terms/:id', async (req, res) => {
    res.json(spokenTermsView(await findSpokenTerms(deps.db, req.params.id)));
  });

  app.patch('/v3/spoken_terms/:id', async (req, res) => {
    const request = parseKnownParams(UpdateSpokenTermsRequest, req.body ?? {}, req);
    res.json(spokenTermsView(await updateSpokenTerms(deps, req.params.id, request)));
  });

  app.delete('/v3/spoken_terms/:id', async (req, res) => {
    await deleteSpokenTerms(deps.db, req.params.id);
    res.status(204).end();
  });

  app.get('/v3/spoken_terms/:id/entries', async (req, res) => {
    const query = parseKnownParams(EntriesQuery, req.query, req);
    res.json({ dictionaries: await readSpokenTermsEntries(deps.db, req.params.id, query.language) });
  });
}
