// One of the HTTP layers http-layer-cost.ts compares, answering POST /v2/translate like the translator
// does (form body in, JSON out) after a fixed 15 ms standing in for the engine: no work of our own, so
// its CPU is what the layer costs. HTTP_LAYER picks it; PORT where it listens; GET /ready answers 200.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import express from 'express';

const ENGINE_MS = 15;
const answer = (text: string | null) => ({ translations: [{ detected_source_language: 'EN', text: `es:${text}` }] });

function writeJson(res: ServerResponse, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

function readForm(req: IncomingMessage, then: (form: URLSearchParams) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => then(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
}

/** An Express 5 app as the translator configures it, with the readiness route. */
function expressApp(): express.Express {
  const app = express().disable('x-powered-by').set('etag', false);
  app.get('/ready', (_req, res) => void res.json({}));
  return app;
}

const layers: Record<string, () => (req: IncomingMessage, res: ServerResponse) => void> = {
  // node:http alone.
  'node-http': () => (req, res) => {
    if (req.method === 'GET') return writeJson(res, {});
    readForm(req, (form) => setTimeout(() => writeJson(res, answer(form.get('text'))), ENGINE_MS));
  },
  // An Express 5 route; body and answer handled as above.
  express: () => {
    const app = expressApp();
    app.post('/v2/translate', (req, res) => readForm(req, (form) => setTimeout(() => writeJson(res, answer(form.get('text'))), ENGINE_MS)));
    return app;
  },
  // The same route answering with res.json.
  'express-res-json': () => {
    const app = expressApp();
    app.post('/v2/translate', (req, res) => readForm(req, (form) => setTimeout(() => res.json(answer(form.get('text'))), ENGINE_MS)));
    return app;
  },
  // The same with Express's form parser (body-parser) in front, as most Express services have it.
  'express-urlencoded-res-json': () => {
    const app = expressApp();
    app.use(express.urlencoded({ extended: false, limit: '512kb' }));
    app.post('/v2/translate', (req, res) => setTimeout(() => res.json(answer(req.body.text)), ENGINE_MS));
    return app;
  },
};

const layer = layers[process.env.HTTP_LAYER ?? ''];
if (!layer) throw new Error(`HTTP_LAYER must be one of ${Object.keys(layers).join(', ')}`);
createServer(layer()).listen(Number(process.env.PORT), '127.0.0.1');
