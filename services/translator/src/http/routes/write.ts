import { CorrectRequest, REPHRASE_LIST_PARAMETERS, RephraseRequest } from '@workspace/contracts';
import type { Express, Request, Response } from 'express';
import { correctTexts } from '../../domain/write/correct-texts.js';
import type { WriteContext, WriteDeps } from '../../domain/write/improve-texts.js';
import { rephraseTexts } from '../../domain/write/rephrase-texts.js';
import { keyOf } from '../authenticate.js';
import { abortOnClientGone } from '../client-abort.js';
import { parseParams } from '../parse-params.js';
import { REPORTING_TAG_HEADER, reportingTag } from './translate.js';

// DeepL API for Write: POST /v2/write/rephrase and POST /v2/write/correct (GET is not part of DeepL's interface).
export function registerWriteRoutes(app: Express, deps: WriteDeps): void {
  app.post('/v2/write/rephrase', async (req, res) => {
    const request = parseParams(RephraseRequest, req, REPHRASE_LIST_PARAMETERS);
    res.json({ improvements: await rephraseTexts(deps, request, writeContext(req, res)) });
  });
  app.post('/v2/write/correct', async (req, res) => {
    const request = parseParams(CorrectRequest, req, REPHRASE_LIST_PARAMETERS);
    res.json({ improvements: await correctTexts(deps, request, writeContext(req, res)) });
  });
}

function writeContext(req: Request, res: Response): WriteContext {
  return { key: keyOf(res), reportingTag: reportingTag(req.headers[REPORTING_TAG_HEADER]), signal: abortOnClientGone(res) };
}
