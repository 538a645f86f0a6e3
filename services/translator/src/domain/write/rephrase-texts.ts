// POST /v2/write/rephrase after parsing: the style or tone asked for (one of them; the contract refuses
// both), then the shared write machinery (improve-texts.ts). Offline, a text is corrected as by
// /v2/write/correct and then given the register's listed rules (docs/write.md); upstream, the request
// goes on unchanged.
import type { Improvement, RephraseRequest } from '@workspace/contracts';
import type { Register } from '../../write/style-rules.js';
import { improveTexts, type RequestedRegister, type WriteContext, type WriteDeps } from './improve-texts.js';

export async function rephraseTexts(deps: WriteDeps, request: RephraseRequest, context: WriteContext): Promise<Improvement[]> {
  const upstream = deps.engine.rephrase?.bind(deps.engine);
  const register = requestedRegister(request);
  return improveTexts(
    deps,
    {
      texts: request.text,
      targetLang: request.target_lang,
      ...(register ? { register } : {}),
      ...(upstream
        ? {
            upstream: (signal?: AbortSignal) =>
              upstream({
                texts: request.text,
                targetLang: request.target_lang,
                writingStyle: request.writing_style,
                tone: request.tone,
                signal,
              }),
          }
        : {}),
    },
    context,
  );
}

function requestedRegister(request: RephraseRequest): RequestedRegister | undefined {
  const [parameter, value] =
    request.writing_style && request.writing_style !== 'default'
      ? (['writing_style', request.writing_style] as const)
      : request.tone && request.tone !== 'default'
        ? (['tone', request.tone] as const)
        : [undefined, undefined];
  if (!parameter) return undefined;
  const preferred = value.startsWith('prefer_');
  return { name: value.replace(/^prefer_/, '') as Register, parameter, preferred };
}
