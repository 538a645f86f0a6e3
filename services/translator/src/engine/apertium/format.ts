// In-process replacement for apertium-destxt / apertium-retxt (spawning them costs ~3.5 ms per call).
//
// Unknown-word marks: chains are built with `-n` generation (mode-file.ts), which is `apertium -u`:
// no `*`, `#` or `@` marks ever reach the output. We do not strip those characters afterwards, because
// any that remain came from the user's own text (escaped on the way in) and must survive.

// Characters with a meaning in the Apertium stream format. destxt escapes `[]^$\/<>@{}`; `*` and `#`
// are escaped too so the user's own never look like unknown-word or generation marks; the chain
// unescapes them like any other.
const SPECIAL = /[[\]^$/@\\*{}<>#]/g;

// Markup and line breaks travel as superblanks `[...]`, which every stage copies through untouched.
// A bare `<` (as in "a < b") is text, so only tag-shaped runs count as markup.
const BLANK = /<!--[\s\S]*?-->|<\/?[A-Za-z!?][^<>]*>|[^\S\n]*\n\s*/g;

// destxt ends every text with `.[]` and puts one before each paragraph break: without it the last
// stage eats the final period ("Hello world." -> "Hola Mundo") and paragraphs merge into one sentence.
const SENTENCE_END = '.[]';

export function escapeText(text: string): string {
  return text.replace(SPECIAL, (char) => `\\${char}`);
}

function superblank(content: string): string {
  return `[${content.replace(/[[\]\\]/g, (char) => `\\${char}`)}]`;
}

/** Plain text or markup to one Apertium stream segment (without the NUL terminator). */
export function toStream(text: string): string {
  // NUL delimits segments on the wire; it cannot be carried inside one.
  const clean = text.replace(/\0/g, '');
  let stream = '';
  let last = 0;
  for (const match of clean.matchAll(BLANK)) {
    stream += escapeText(clean.slice(last, match.index));
    if (/\n\s*\n/.test(match[0])) stream += SENTENCE_END;
    stream += superblank(match[0]);
    last = match.index + match[0].length;
  }
  return stream + escapeText(clean.slice(last)) + SENTENCE_END;
}

/**
 * Every segment we send ends with `.[]`, and stages copy superblanks through, so a record without it
 * is not an answer: when a stage dies, the ones after it flush what they hold plus stray NULs at EOF.
 */
export function isCompleteOutput(stream: string): boolean {
  return stream.endsWith('[]');
}

/** One segment of chain output back to plain text: unwraps superblanks, unescapes, drops our `.[]` marks. */
export function fromStream(stream: string): string {
  let text = '';
  for (let i = 0; i < stream.length; i++) {
    const char = stream[i]!;
    if (char === '\\' && i + 1 < stream.length) {
      text += stream[++i];
    } else if (char === '[') {
      if (stream[i + 1] === ']') {
        // Our sentence-end mark: the period in front of it is ours too.
        if (text.endsWith('.')) text = text.slice(0, -1);
        i++;
        continue;
      }
      for (i++; i < stream.length && stream[i] !== ']'; i++) {
        if (stream[i] === '\\' && i + 1 < stream.length) i++;
        text += stream[i];
      }
    } else {
      text += char;
    }
  }
  return text;
}
