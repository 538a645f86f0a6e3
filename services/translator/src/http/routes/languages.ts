import { LanguagesQuery } from '@workspace/contracts';
import type { Express, Request, Response } from 'express';
import type { LanguageCatalog } from '../../domain/languages/language-catalog.js';
import { parseParams } from '../parse-params.js';

export function registerLanguageRoutes(app: Express, catalog: () => Promise<LanguageCatalog>): void {
  const listLanguages = async (req: Request, res: Response) => {
    const { type } = parseParams(LanguagesQuery, req);
    const languages = await catalog();
    res.json(type === 'target' ? languages.listTargets() : languages.listSources());
  };
  app.get('/v2/languages', listLanguages);
  app.post('/v2/languages', listLanguages);
}
