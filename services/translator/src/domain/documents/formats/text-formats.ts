// Formats that are text files: plain text, HTML, XML (and DITA), JSON, SRT subtitles.
import { type DocumentFormat, type ExtractedDocument, UnreadableDocument } from './document-format.js';
import { escapeXmlText, type MarkupRules, segmentMarkup, unescapeXmlText } from './markup-segments.js';

function decode(input: Buffer, name: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input);
  } catch {
    throw new UnreadableDocument(`The ${name} file is not valid UTF-8 text.`);
  }
}

/** Each non-empty line is a segment; line breaks and blank lines stay exactly as they were. */
function lineSegments(text: string): { segments: string[]; rebuild(translated: string[]): string } {
  const lines = text.split(/(\r?\n)/);
  const slots: number[] = [];
  const segments: string[] = [];
  lines.forEach((line, index) => {
    if (index % 2 === 0 && /\S/.test(line)) {
      slots.push(index);
      segments.push(escapeXmlText(line));
    }
  });
  return {
    segments,
    rebuild(translated) {
      const out = [...lines];
      slots.forEach((slot, position) => (out[slot] = unescapeXmlText(translated[position] ?? '')));
      return out.join('');
    },
  };
}

export const TXT: DocumentFormat = {
  name: 'txt',
  contentType: 'text/plain; charset=utf-8',
  extract(input): ExtractedDocument {
    const lines = lineSegments(decode(input, 'txt'));
    return { segments: lines.segments, rebuild: (translated) => Buffer.from(lines.rebuild(translated), 'utf8') };
  },
};

function markupFormat(name: string, contentType: string, rules: (fileName: string) => MarkupRules): DocumentFormat {
  return {
    name,
    contentType,
    extract(input, info): ExtractedDocument {
      const markup = segmentMarkup(decode(input, name), rules(info.fileName));
      return { segments: markup.segments, rebuild: (translated) => Buffer.from(markup.rebuild(translated), 'utf8') };
    },
  };
}

const set = (names: string) => new Set(names.split(' '));

// Inline elements keep a sentence together; every other element (p, li, td, div, br, ...) ends one.
const HTML_INLINE = set('a abbr b bdi bdo cite code data dfn em font i img kbd mark q s samp small span strong sub sup time u var wbr');

export const HTML = markupFormat('html', 'text/html; charset=utf-8', () => ({
  boundaries: new Set(),
  boundaryUnlessInline: true,
  inline: HTML_INLINE,
  opaque: set('script style'),
  attributes: set('alt title placeholder aria-label'),
}));

// DITA's phrase-level elements are inline; in other XML every element is a boundary, its text nodes
// are translated one by one, and attributes are never touched.
const DITA_INLINE = set('b i u ph codeph term keyword tm sup sub xref q cite uicontrol wintitle menucascade filepath varname');

export const XML = markupFormat('xml', 'application/xml; charset=utf-8', (fileName) => ({
  boundaries: new Set(),
  boundaryUnlessInline: true,
  inline: /\.dita(map)?$/i.test(fileName) ? DITA_INLINE : new Set(),
  opaque: set('codeblock'),
}));

/** String values are segments; keys, numbers and layout (the source's indentation) are kept. */
export const JSON_FORMAT: DocumentFormat = {
  name: 'json',
  contentType: 'application/json; charset=utf-8',
  extract(input): ExtractedDocument {
    const text = decode(input, 'json');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new UnreadableDocument(`The json file does not parse: ${(error as Error).message}`);
    }
    const strings: string[] = [];
    walk(value, (item) => {
      if (/\S/.test(item)) strings.push(escapeXmlText(item));
      return item;
    });
    const indent = /^[{[]\r?\n([ \t]+)/.exec(text)?.[1] ?? (text.includes('\n') ? 2 : undefined);
    return {
      segments: strings,
      rebuild(translated) {
        let position = 0;
        const result = walk(structuredClone(value), (item) => (/\S/.test(item) ? unescapeXmlText(translated[position++] ?? item) : item));
        return Buffer.from(JSON.stringify(result, null, indent) + (text.endsWith('\n') ? '\n' : ''), 'utf8');
      },
    };
  },
};

function walk(value: unknown, onString: (item: string) => string): unknown {
  if (typeof value === 'string') return onString(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = walk(value[index], onString);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = walk(record[key], onString);
  }
  return value;
}

// A cue: its number, its timing line, its text lines. Only the text changes; numbers, timings and the
// blank lines between cues are written back exactly as they came.
const TIMING = /^\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/;

export const SRT: DocumentFormat = {
  name: 'srt',
  contentType: 'application/x-subrip; charset=utf-8',
  extract(input): ExtractedDocument {
    const text = decode(input, 'srt');
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    if (!lines.some((line) => TIMING.test(line)))
      throw new UnreadableDocument('The srt file holds no cue timings (00:00:01,000 --> 00:00:02,000).');
    // Cue text: the lines after a timing line up to a blank line; consecutive ones form one segment.
    const cues: Array<{ start: number; end: number }> = [];
    for (let index = 0; index < lines.length; index++) {
      if (!TIMING.test(lines[index]!)) continue;
      let end = index + 1;
      while (end < lines.length && lines[end]!.trim() !== '') end++;
      if (end > index + 1) cues.push({ start: index + 1, end });
      index = end;
    }
    return {
      segments: cues.map((cue) => escapeXmlText(lines.slice(cue.start, cue.end).join('\n'))),
      rebuild(translated) {
        const out: Array<string | null> = [...lines];
        // A cue keeps its number of lines where it can: extra lines join the last one; a cue that came
        // back shorter loses its empty lines (a blank line would end the cue).
        cues.forEach((cue, position) => {
          const count = cue.end - cue.start;
          const got = unescapeXmlText(translated[position] ?? '').split('\n');
          const fitted = got.length > count ? [...got.slice(0, count - 1), got.slice(count - 1).join(' ')] : got;
          for (let line = 0; line < count; line++) out[cue.start + line] = fitted[line] ?? null;
        });
        return Buffer.from((text.startsWith('\uFEFF') ? '\uFEFF' : '') + out.filter((line) => line !== null).join(newline), 'utf8');
      },
    };
  },
};
