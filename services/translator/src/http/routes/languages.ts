import { LanguagesQuery, translatorValidationMessage } from '@workspace/contracts';
import type { Express, Request, Response } from 'express';
import type { LanguageCatalog } from '../../domain/languages/language-catalog.js';
import { TranslatorError } from '../../domain/translator-error.js';
import { requestParams } from '../request-params.js';

export function registerLanguageRoutes(app: Express, catalog: () => Promise<LanguageCatalog>): void {
  const listLanguages = async (req: Request, res: Response) => {
    const params = requestParams(req.body, req.query, Boolean(req.is('application/x-www-form-urlencoded')), []);
    const parsed = LanguagesQuery.safeParse(params);
    if (!parsed.success) throw new TranslatorError('BAD_REQUEST', translatorValidationMessage(parsed.error));
    const languages = await catalog();
    res.json(parsed.data.type === 'target' ? languages.listTargets() : languages.listSources());
  };
  app.get('/v2/languages', listLanguages);
  app.post('/v2/languages', listLanguages);
}
