import { REPHRASE_LIST_PARAMETERS, RephraseRequest } from '@workspace/contracts';
import type { Express } from 'express';
import { type RephraseDeps, rephraseTexts } from '../../domain/write/rephrase-texts.js';
import { keyOf } from '../authenticate.js';
import { abortOnClientGone } from '../client-abort.js';
import { parseParams } from '../parse-params.js';
import { REPORTING_TAG_HEADER, reportingTag } from './translate.js';

// DeepL API for Write: POST /v2/write/rephrase (GET is not part of DeepL's interface).
export function registerWriteRoutes(app: Express, deps: RephraseDeps): void {
  app.post('/v2/write/rephrase', async (req, res) => {
    const request = parseParams(RephraseRequest, req, REPHRASE_LIST_PARAMETERS);
    const improvements = await rephraseTexts(deps, request, {
      key: keyOf(res),
      reportingTag: reportingTag(req.headers[REPORTING_TAG_HEADER]),
      signal: abortOnClientGone(res),
    });
    res.json({ improvements });
  });
}
