// A multipart/form-data body (POST /v2/document) read whole: its one file and its text fields. The file
// is bounded while it streams (413 once past the limit, without reading the rest into memory).
import busboy from 'busboy';
import type { Request } from 'express';
import { TranslatorError } from '../domain/translator-error.js';

export interface MultipartBody {
  file?: { data: Buffer; fileName: string };
  fields: Record<string, string[]>;
}

const MAX_FIELDS = 100;
const MAX_FIELD_BYTES = 64 * 1024;

export function readMultipart(req: Request, maxFileBytes: number): Promise<MultipartBody> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(
      new TranslatorError('BAD_REQUEST', "POST /v2/document takes multipart/form-data with the document in the field 'file'."),
    );
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: maxFileBytes, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
      });
    } catch {
      reject(new TranslatorError('BAD_REQUEST', 'Malformed multipart/form-data body (missing boundary).'));
      return;
    }
    const body: MultipartBody = { fields: {} };
    let failed: TranslatorError | undefined;
    const fail = (error: TranslatorError) => {
      failed ??= error;
      req.unpipe(parser);
      req.resume();
      reject(failed);
    };
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return fail(new TranslatorError('BAD_REQUEST', `Unexpected file field '${name}': send the document as 'file'.`));
      }
      const chunks: Buffer[] = [];
      // A body that ends inside the file fails the file's stream too, not only the parser.
      stream.on('error', () => fail(new TranslatorError('BAD_REQUEST', 'Malformed multipart/form-data body (it ends inside the file).')));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () =>
        fail(new TranslatorError('PAYLOAD_TOO_LARGE', `The document is larger than this server's limit of ${maxFileBytes} bytes.`)),
      );
      stream.on('end', () => {
        if (!failed) body.file = { data: Buffer.concat(chunks), fileName: info.filename ?? '' };
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new TranslatorError('BAD_REQUEST', `Parameter '${name}' is too long.`));
      (body.fields[name] ??= []).push(value);
    });
    parser.on('filesLimit', () => fail(new TranslatorError('BAD_REQUEST', 'Send one document per request.')));
    parser.on('fieldsLimit', () => fail(new TranslatorError('BAD_REQUEST', `Too many parameters: at most ${MAX_FIELDS}.`)));
    parser.on('error', () => fail(new TranslatorError('BAD_REQUEST', 'Malformed multipart/form-data body.')));
    parser.on('close', () => {
      if (!failed) resolve(body);
    });
    req.pipe(parser);
  });
}
