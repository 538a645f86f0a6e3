// preserve_formatting=1: DeepL then leaves the source's formatting alone where a translation would
// "correct" it. The engine's output keeps the source's leading and trailing whitespace, the case of
// its first letter, and its lack of final punctuation.
const FINAL_PUNCTUATION = /[.!?。！？]$/u;

export function preserveFormatting(source: string, translated: string): string {
  const [, lead = ''] = /^(\s*)/.exec(source) ?? [];
  const [, trail = ''] = /(\s*)$/.exec(source) ?? [];
  let body = translated.trim();
  const sourceBody = source.trim();
  if (!FINAL_PUNCTUATION.test(sourceBody)) body = body.replace(/[.!?。！？]+$/u, '');
  const first = sourceBody.charAt(0);
  if (first && first === first.toLowerCase() && first !== first.toUpperCase()) body = body.charAt(0).toLowerCase() + body.slice(1);
  return lead + body + trail;
}
