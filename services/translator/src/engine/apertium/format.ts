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

// With tag handling, entities and CDATA are markup too: `&amp;` must reach the output as written.
const MARKUP_BLANK =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\/?[A-Za-z!?_][^<>]*>|&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#x[0-9A-Fa-f]+);|[^\S\n]*\n\s*/g;

// Block elements of HTML end a sentence: `<p>One</p><p>Two</p>` is two sentences, not one.
const HTML_SPLITTING = new Set(
  'address article aside blockquote body br dd details div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hr html li main nav ol p pre section summary table tbody td tfoot th thead title tr ul'.split(
    ' ',
  ),
);

export interface StreamFormat {
  /** Markup: tags, comments, CDATA and entities are superblanks. */
  markup?: { tagHandling: 'xml' | 'html'; splittingTags: string[]; nonSplittingTags: string[]; outlineDetection?: boolean };
  /** `0` and `nonewlines`: a blank line does not end a sentence. */
  splitSentences?: '0' | '1' | 'nonewlines';
}

function tagName(markup: string): string | undefined {
  return /^<\/?([A-Za-z_][\w:.-]*)/.exec(markup)?.[1]?.toLowerCase();
}

/** Plain text or markup to one Apertium stream segment (without the NUL terminator). */
export function toStream(text: string, format?: StreamFormat): string {
  if (format) return toFormattedStream(text, format);
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

function toFormattedStream(text: string, format: StreamFormat): string {
  const clean = text.replace(/\0/g, '');
  const markup = format.markup;
  const splitting = new Set(markup?.splittingTags.map((tag) => tag.toLowerCase()));
  const nonSplitting = new Set(markup?.nonSplittingTags.map((tag) => tag.toLowerCase()));
  const splits = (name: string | undefined) =>
    name !== undefined && !nonSplitting.has(name) && (splitting.has(name) || (markup?.tagHandling === 'html' && HTML_SPLITTING.has(name)));
  const paragraphsSplit = format.splitSentences !== '0' && format.splitSentences !== 'nonewlines';
  const matches = [...clean.matchAll(markup ? MARKUP_BLANK : BLANK)];
  const outline = markup?.tagHandling === 'xml' && markup.outlineDetection === true ? outlineTags(clean, matches) : new Set<number>();
  let stream = '';
  let last = 0;
  let textSinceBreak = false;
  for (const [index, match] of matches.entries()) {
    const text = clean.slice(last, match.index);
    stream += escapeText(text);
    textSinceBreak ||= /\S/.test(text);
    const isParagraph = /\n\s*\n/.test(match[0]) && paragraphsSplit;
    const name = tagName(match[0]);
    const structural = outline.has(index) && name !== undefined && !nonSplitting.has(name);
    // A sentence end before a splitting tag keeps the sentences on either side apart, as destxt does at paragraphs.
    if ((isParagraph || splits(name) || structural) && textSinceBreak) {
      stream += SENTENCE_END;
      textSinceBreak = false;
    }
    stream += superblank(match[0]);
    last = match.index + match[0].length;
  }
  return stream + escapeText(clean.slice(last)) + SENTENCE_END;
}

/**
 * DeepL's outline detection for XML, as a rule: a tag that is not inside running text (nothing but
 * whitespace between it and the tag before it, or between it and the tag after it) is structure, and
 * ends a sentence. `<p>Hello <b>world</b>.</p>` keeps `<b>` inline; `</title>\n<body>` splits. Our own
 * placeholders (`<dpt-N/>`, glossary terms and ignored elements) are always inline.
 */
function outlineTags(text: string, matches: RegExpMatchArray[]): Set<number> {
  const tags = matches.flatMap((match, index) => (tagName(match[0]) === undefined ? [] : [index]));
  const contentBetween = (from: number, to: number) => {
    // Text and entities count as content; tags, comments and whitespace do not.
    const slice = text.slice(from, to).replace(MARKUP_BLANK, (blank) => (blank.startsWith('&') ? 'x' : ' '));
    return /\S/.test(slice);
  };
  const outline = new Set<number>();
  tags.forEach((matchIndex, position) => {
    const match = matches[matchIndex]!;
    if (/^<\/?dpt-\d+/.test(match[0])) return;
    const previous = position > 0 ? matches[tags[position - 1]!]! : undefined;
    const next = position + 1 < tags.length ? matches[tags[position + 1]!]! : undefined;
    const before = contentBetween(previous ? previous.index! + previous[0].length : 0, match.index!);
    const after = contentBetween(match.index! + match[0].length, next ? next.index! : text.length);
    if (!before || !after) outline.add(matchIndex);
  });
  return outline;
}
