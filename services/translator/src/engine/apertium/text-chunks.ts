// Splits long texts into bounded pieces so no single segment holds a chain for long, and one request
// spreads over every chain of the pair. Pieces are contiguous slices: joining `text + separator`
// of every chunk gives back the input exactly, so nothing is ever dropped (apertium-apy drops text past ~40 KB).

export interface TextChunk {
  text: string;
  /** Whitespace between this chunk and the next, passed through untranslated. */
  separator: string;
}

export const DEFAULT_MAX_CHUNK_CHARS = 4000;

// Preferred cut points, best first: paragraph break, line break, sentence end, any whitespace.
const BOUNDARIES = [/\n\s*\n\s*/g, /\s*\n\s*/g, /(?<=[.!?;:。！？])\s+/g, /\s+/g];

export function splitText(text: string, maxChars = DEFAULT_MAX_CHUNK_CHARS): TextChunk[] {
  const chunks: TextChunk[] = [];
  let rest = text;
  while (rest.length > maxChars) {
    const cut = findCut(rest, maxChars);
    chunks.push({ text: rest.slice(0, cut.start), separator: rest.slice(cut.start, cut.end) });
    rest = rest.slice(cut.end);
  }
  chunks.push({ text: rest, separator: '' });
  return chunks;
}

// A sentence ends at `.`, `!` or `?` followed by whitespace and a capital, maybe behind an opening quote or bracket:
// "e.g. this" and "3. 5" are not cut.
const SENTENCE_END = /(?<=[.!?])\s+(?=[(["'\u201c\u2018\u00bf\u00a1]?\p{Lu})/gu;
export const DEFAULT_MIN_SENTENCE_CHARS = 40;

/**
 * Cuts a chunk at its sentence ends, into contiguous pieces of at least `minChars` each (a short sentence stays
 * with its neighbour). Written to a chain as separate segments, a text's sentences go through its stages one behind
 * the other, one stage on the second while the next has the first, where a single segment holds each stage in turn:
 * a lone request's answer comes back about a fifth sooner (bench/translator.md). Apertium translates sentence by
 * sentence, so the translation is the same: byte for byte on 1,294 paragraphs en->es, en->ca, es->en and es->pt.
 */
export function splitSentences(chunk: TextChunk, minChars = DEFAULT_MIN_SENTENCE_CHARS): TextChunk[] {
  const pieces: TextChunk[] = [];
  let start = 0;
  for (const match of chunk.text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (match.index - start < minChars || chunk.text.length - end < minChars) continue;
    pieces.push({ text: chunk.text.slice(start, match.index), separator: match[0] });
    start = end;
  }
  pieces.push({ text: chunk.text.slice(start), separator: chunk.separator });
  return pieces;
}

export function joinChunks(chunks: TextChunk[], translated: string[]): string {
  return chunks.map((chunk, index) => translated[index] + chunk.separator).join('');
}

function findCut(text: string, maxChars: number): { start: number; end: number } {
  const window = text.slice(0, maxChars + 1);
  for (const boundary of BOUNDARIES) {
    let best: { start: number; end: number } | undefined;
    for (const match of window.matchAll(boundary)) {
      if (match.index > 0) best = { start: match.index, end: match.index + match[0].length };
    }
    // A cut in the first quarter would leave a tiny chunk; try a weaker boundary later in the window.
    if (best && best.start >= maxChars / 4) return best;
  }
  // No whitespace at all (a long URL, CJK without punctuation): cut hard, but never inside a surrogate pair.
  let start = maxChars;
  const code = text.charCodeAt(start - 1);
  if (code >= 0xd800 && code <= 0xdbff) start--;
  return { start, end: start };
}
