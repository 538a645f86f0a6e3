// The document API as a bench client sees it: upload (multipart), status polled every 50 ms, download.
import { request as httpRequest } from 'node:http';
import { postForm } from './client-load.js';
import { ADMIN_KEY } from './service.js';

export const auth = { authorization: `DeepL-Auth-Key ${ADMIN_KEY}` };

// Uploads and downloads go on a fresh connection each (agent: false): a kept-alive one that the server
// closed while apertium ran (its keep-alive timeout) fails a POST body with EPIPE, which is the client's
// problem, not the service's.
function post(url: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      url,
      { method: 'POST', agent: false, headers: { ...headers, 'content-length': String(body.length) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

export async function uploadDocument(
  url: string,
  data: Buffer,
  name: string,
  fields: Record<string, string> = {},
): Promise<{ document_id: string; document_key: string }> {
  const boundary = `bench${Date.now()}`;
  const field = (fieldName: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(
      field('source_lang', 'EN') +
        field('target_lang', 'ES') +
        Object.entries(fields)
          .map(([fieldName, value]) => field(fieldName, value))
          .join(''),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await post(`${url}/v2/document`, body, { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` });
  if (answer.status !== 200) throw new Error(`upload answered ${answer.status}: ${answer.body.toString()}`);
  return JSON.parse(answer.body.toString()) as { document_id: string; document_key: string };
}

export async function waitDone(url: string, handle: { document_id: string; document_key: string }): Promise<void> {
  for (;;) {
    const answer = await postForm(
      `${url}/v2/document/${handle.document_id}`,
      new URLSearchParams({ document_key: handle.document_key }).toString(),
      auth,
    );
    const status = JSON.parse(answer.body) as { status: string; error_message?: string };
    if (status.status === 'done') return;
    if (status.status === 'error') throw new Error(`document failed: ${status.error_message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function download(url: string, handle: { document_id: string; document_key: string }): Promise<Buffer> {
  const answer = await post(
    `${url}/v2/document/${handle.document_id}/result`,
    Buffer.from(new URLSearchParams({ document_key: handle.document_key }).toString()),
    {
      ...auth,
      'content-type': 'application/x-www-form-urlencoded',
    },
  );
  if (answer.status !== 200) throw new Error(`download answered ${answer.status}`);
  return answer.body;
}
