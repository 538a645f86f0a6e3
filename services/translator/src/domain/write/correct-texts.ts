// POST /v2/write/correct after parsing: corrections only, with minimal changes (spelling, grammar and
// typography, never a style or tone: the contract refuses those parameters), through the same machinery,
// limit and metering as rephrase (improve-texts.ts). With TRANSLATOR_ENGINE=deepl the request goes to the
// upstream's /v2/write/correct unchanged.
import type { CorrectRequest, Improvement } from '@workspace/contracts';
import { improveTexts, type WriteContext, type WriteDeps } from './improve-texts.js';

export async function correctTexts(deps: WriteDeps, request: CorrectRequest, context: WriteContext): Promise<Improvement[]> {
  const upstream = deps.engine.correct?.bind(deps.engine);
  return improveTexts(
    deps,
    {
      texts: request.text,
      targetLang: request.target_lang,
      ...(upstream
        ? { upstream: (signal?: AbortSignal) => upstream({ texts: request.text, targetLang: request.target_lang, signal }) }
        : {}),
    },
    context,
  );
}
