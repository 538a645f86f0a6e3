import { TranslateRequest, TRANSLATE_LIST_PARAMETERS } from '@workspace/contracts';
import type { Express } from 'express';
import { TranslatorError } from '../../domain/translator-error.js';
import { translateTexts, type TranslateTextsDeps } from '../../domain/translation/translate-texts.js';
import { keyOf } from '../authenticate.js';
import { abortOnClientGone } from '../client-abort.js';
import { parseKnownParams } from '../known-params.js';
import { requestParams } from '../request-params.js';

export const REPORTING_TAG_HEADER = 'x-deepl-reporting-tag';
const MAX_REPORTING_TAG_LENGTH = 256;

export function registerTranslateRoutes(app: Express, deps: TranslateTextsDeps): void {
  app.post('/v2/translate', async (req, res) => {
    const params = requestParams(req.body, req.query, Boolean(req.is('application/x-www-form-urlencoded')), TRANSLATE_LIST_PARAMETERS);
    const translations = await translateTexts(deps, parseKnownParams(TranslateRequest, params, req), {
      key: keyOf(res),
      reportingTag: reportingTag(req.headers[REPORTING_TAG_HEADER]),
      signal: abortOnClientGone(res),
    });
    res.json({ translations });
  });
}

export function reportingTag(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const tag = Array.isArray(header) ? header.join(',') : header;
  if (tag.length === 0) return undefined;
  if (tag.length > MAX_REPORTING_TAG_LENGTH) {
    throw new TranslatorError('BAD_REQUEST', `Header 'X-DeepL-Reporting-Tag' is longer than ${MAX_REPORTING_TAG_LENGTH} characters.`);
  }
  return tag;
}
