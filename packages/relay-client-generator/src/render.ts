import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebhookRelayOpenApi } from '@workspace/contracts';
import { emitGo } from './emit-go.js';
import { emitPython } from './emit-python.js';
import { emitTypeScript } from './emit-typescript.js';
import { buildModel, type OpenApiDocument } from './model.js';

export const PACKAGES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DOCUMENT_PATH = join(PACKAGES_DIR, 'relay-client-generator', 'openapi.json');
export const GENERATE_COMMAND = 'pnpm clients:generate';

/** The OpenAPI document as the contracts describe it today, as committed. */
export function documentFromContracts(): string {
  return `${JSON.stringify(buildWebhookRelayOpenApi(), null, 2)}\n`;
}

/** Every generated client file (absolute path -> text), from the document's text. */
export async function renderClients(documentText: string): Promise<Map<string, string>> {
  const document = JSON.parse(documentText) as OpenApiDocument;
  const model = buildModel(document);
  const files = new Map<string, string>();
  const add = (folder: string, generated: Record<string, string>) => {
    for (const [path, text] of Object.entries(generated)) files.set(join(PACKAGES_DIR, folder, path), text);
  };
  add('relay-client-ts', await emitTypeScript(document, model));
  add('relay-client-python', emitPython(model));
  add('relay-client-go', emitGo(model));
  return files;
}

/** The committed document followed by the clients generated from it. */
export async function renderAll(): Promise<Map<string, string>> {
  const documentText = documentFromContracts();
  return new Map([[DOCUMENT_PATH, documentText], ...(await renderClients(documentText))]);
}

/** The files whose committed text differs from what the generator writes now. */
export async function staleFiles(): Promise<string[]> {
  const stale: string[] = [];
  for (const [path, text] of await renderAll()) {
    const committed = await readFile(path, 'utf8').catch(() => undefined);
    if (committed !== text) stale.push(path);
  }
  return stale;
}
