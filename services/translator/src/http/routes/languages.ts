import { LanguageResourcesQuery, LanguagesQuery, LanguagesV3Query } from '@workspace/contracts';
import type { Express, Request, Response } from 'express';
import { listLanguageResources } from '../../domain/languages/list-language-resources.js';
import { listResourceLanguages, type ResourceLanguageDeps } from '../../domain/languages/list-resource-languages.js';
import { TranslatorError } from '../../domain/translator-error.js';
import { parseKnownParams } from '../known-params.js';
import { parseParams } from '../parse-params.js';

export function registerLanguageRoutes(app: Express, deps: ResourceLanguageDeps): void {
  const listLanguages = async (req: Request, res: Response) => {
    const { type } = parseParams(LanguagesQuery, req);
    const languages = await deps.catalog();
    res.json(type === 'target' ? languages.listTargets() : languages.listSources());
  };
  app.get('/v2/languages', listLanguages);
  app.post('/v2/languages', listLanguages);

  // DeepL's v3 language lists (GET only). `include` may repeat (include=beta&include=external).
  app.get('/v3/languages', async (req, res) => {
    const { resource } = parseKnownParams(LanguagesV3Query, v3Query(req), req);
    res.json(await listResourceLanguages(deps, resource));
  });
  app.get('/v3/languages/resources', (req, res) => {
    parseParams(LanguageResourcesQuery, req);
    res.json(listLanguageResources());
  });
}

function v3Query(req: Request): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(req.query)) {
    if (Array.isArray(value) && name !== 'include') {
      throw new TranslatorError('BAD_REQUEST', `Parameter '${name}' given ${value.length} times; send it once.`);
    }
    params[name] = value;
  }
  return params;
}
