// POST /v2/document (multipart upload), POST /v2/document/{id} (status), POST /v2/document/{id}/result
// (the translated file, once). The upload is registered before the app's JSON/form-only check.
import { TranslateRequest, TRANSLATE_LIST_PARAMETERS } from '@workspace/contracts';
import type { Express } from 'express';
import { requireDocumentKey } from '../../domain/documents/document-record.js';
import { documentStatus, downloadDocument } from '../../domain/documents/document-status.js';
import { type UploadDeps, uploadDocument } from '../../domain/documents/upload-document.js';
import { TranslatorError } from '../../domain/translator-error.js';
import { keyOf } from '../authenticate.js';
import { parseKnownParams } from '../known-params.js';
import { readMultipart } from '../read-multipart.js';
import { formToParams, requestParams } from '../request-params.js';
import { reportingTag, REPORTING_TAG_HEADER } from './translate.js';

export interface DocumentRouteDeps extends UploadDeps {
  maxDocumentBytes: number;
}

// Parameters of the upload that are not text translation's; the rest are parsed as /v2/translate's.
const DOCUMENT_ONLY = ['output_format', 'filename', 'enable_quality_evaluation', 'enable_document_minification', 'text'];

export function registerDocumentUploadRoute(app: Express, deps: DocumentRouteDeps): void {
  app.post('/v2/document', async (req, res) => {
    const body = await readMultipart(req, deps.maxDocumentBytes);
    if (!body.file) throw new TranslatorError('BAD_REQUEST', "Parameter 'file' not specified.");
    const params = formToParams(body.fields, TRANSLATE_LIST_PARAMETERS);
    const own = Object.fromEntries(DOCUMENT_ONLY.map((name) => [name, params[name]]));
    for (const name of DOCUMENT_ONLY) delete params[name];
    const request = parseKnownParams(TranslateRequest, { ...params, text: ['document'] }, req);
    const fileName = stringParam(own.filename, 'filename') ?? body.file.fileName;
    if (!fileName) throw new TranslatorError('BAD_REQUEST', "Parameter 'filename' not specified (the file part has no file name).");
    const created = await uploadDocument(
      deps,
      {
        file: body.file.data,
        fileName,
        request,
        outputFormat: stringParam(own.output_format, 'output_format'),
        qualityEvaluation: flagParam(own.enable_quality_evaluation, 'enable_quality_evaluation'),
      },
      { key: keyOf(res), reportingTag: reportingTag(req.headers[REPORTING_TAG_HEADER]) },
    );
    res.json(created);
  });
}

export function registerDocumentRoutes(app: Express, deps: DocumentRouteDeps): void {
  app.post('/v2/document/:documentId', async (req, res) => {
    const documentKey = requireDocumentKey(documentParams(req).document_key);
    res.json(await documentStatus(deps.pool, String(req.params.documentId), documentKey, keyOf(res)));
  });

  app.post('/v2/document/:documentId/result', async (req, res) => {
    const documentKey = requireDocumentKey(documentParams(req).document_key);
    const result = await downloadDocument(deps.pool, String(req.params.documentId), documentKey, keyOf(res));
    const name = `${result.fileName.replace(/\.[^.]*$/, '')}.${result.outputFormat}`;
    // DeepL's OpenAPI documents the download as application/octet-stream whatever the format; the file
    // name (and its extension) is in Content-Disposition.
    res.setHeader('Content-Type', 'application/octet-stream');
    res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    res.end(result.output);
  });
}

function documentParams(req: import('express').Request): Record<string, unknown> {
  return requestParams(req.body, req.query as Record<string, unknown>, Boolean(req.is('application/x-www-form-urlencoded')), []);
}

function stringParam(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new TranslatorError('BAD_REQUEST', `Parameter '${name}' given more than once; send it once.`);
  return value;
}

function flagParam(value: unknown, name: string): boolean {
  const text = stringParam(value, name);
  if (text === undefined) return false;
  if (['1', 'true'].includes(text.toLowerCase())) return true;
  if (['0', 'false', ''].includes(text.toLowerCase())) return false;
  throw new TranslatorError('BAD_REQUEST', `Value for '${name}' not supported. Expected true or false.`);
}
