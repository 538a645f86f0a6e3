// Markup (HTML, XML, the XML parts of office files) split into what is translated and what is kept.
// A segment is the running text between two boundary tags (a paragraph), with the inline tags inside it
// (bold runs, links) replaced by short placeholders `<mN/>` the engine keeps in place: Apertium carries
// them as superblanks, like any tag, but a docx run's dozen tags cost every stage of the chain, and one
// placeholder per run of tags does not. Everything else is copied through byte for byte.

export interface MarkupRules {
  /** Lower-case tag names whose start or end ends a segment (paragraphs, cells). */
  boundaries: ReadonlySet<string>;
  /** True when every tag not listed in `inline` is a boundary (HTML, generic XML). */
  boundaryUnlessInline?: boolean;
  inline?: ReadonlySet<string>;
  /** Elements whose content is never translated: it travels inside a placeholder (field codes, scripts). */
  opaque?: ReadonlySet<string>;
  /** Lower-case attribute names whose values are translated too (HTML `alt`, `title`), each as a segment. */
  attributes?: ReadonlySet<string>;
}

export interface SegmentedMarkup {
  /** Each segment as XML: text escaped as in the source, inline markup as `<mN/>` placeholders. */
  segments: string[];
  /** The markup with each segment replaced by its translation (same order). */
  rebuild(translated: string[]): string;
}

// Tags with quoted attributes (which may hold `>`), comments, CDATA, processing instructions, doctype.
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<\/?[A-Za-z_][^\s/>]*(?:[^"'>]|"[^"]*"|'[^']*')*>/g;
const PLACEHOLDER = /<m(\d+)\/>/g;
const ATTRIBUTE = /(\s)([A-Za-z_][\w:.-]*)(\s*=\s*)("([^"]*)"|'([^']*)')/g;
// Marks an attribute value's place in the rebuilt markup; private-use characters no document carries.
const ATTRIBUTE_MARK = /\uE000(\d+)\uE001/g;

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
}

function tagOf(token: string): Tag | undefined {
  const match = /^<(\/?)([A-Za-z_][^\s/>]*)/.exec(token);
  if (!match) return undefined;
  return { name: match[2]!.toLowerCase(), closing: match[1] === '/', selfClosing: token.endsWith('/>') };
}

type Piece = { markup: boolean; text: string };
type Part = string | { segment: number; placeholders: string[] };

export function segmentMarkup(source: string, rules: MarkupRules): SegmentedMarkup {
  const parts: Part[] = [];
  const segments: string[] = [];
  const attributeValues: string[] = [];
  let pending: Piece[] = [];
  let opaque: { name: string; depth: number } | undefined;

  const isBoundary = (tag: Tag) =>
    rules.boundaries.has(tag.name) || (rules.boundaryUnlessInline === true && !(rules.inline?.has(tag.name) ?? false));
  const flush = () => {
    if (pending.length > 0) {
      const built = buildSegment(pending);
      if (built) {
        parts.push(built.before, { segment: segments.length, placeholders: built.placeholders }, built.after);
        segments.push(built.segment);
      } else {
        parts.push(pending.map((piece) => piece.text).join(''));
      }
    }
    pending = [];
  };

  let last = 0;
  for (const match of source.matchAll(TOKEN)) {
    if (match.index > last) pending.push({ markup: opaque !== undefined, text: source.slice(last, match.index) });
    last = match.index + match[0].length;
    const tag = match[0].startsWith('<!') || match[0].startsWith('<?') ? undefined : tagOf(match[0]);
    const token =
      tag && !tag.closing && !opaque && rules.attributes ? markAttributes(match[0], rules.attributes, attributeValues) : match[0];
    if (opaque) {
      if (tag?.name === opaque.name && !tag.selfClosing) opaque.depth += tag.closing ? -1 : 1;
      if (opaque.depth === 0) opaque = undefined;
      pending.push({ markup: true, text: token });
      continue;
    }
    if (tag && !tag.closing && !tag.selfClosing && rules.opaque?.has(tag.name)) {
      opaque = { name: tag.name, depth: 1 };
      pending.push({ markup: true, text: token });
      continue;
    }
    if (tag && isBoundary(tag)) {
      flush();
      parts.push(token);
      continue;
    }
    pending.push({ markup: true, text: token });
  }
  if (last < source.length) pending.push({ markup: opaque !== undefined, text: source.slice(last) });
  flush();

  // Attribute values follow the text segments.
  const textCount = segments.length;
  segments.push(...attributeValues);
  return {
    segments,
    rebuild(translated) {
      const markup = parts
        .map((part) => (typeof part === 'string' ? part : restore(translated[part.segment] ?? '', part.placeholders)))
        .join('');
      if (attributeValues.length === 0) return markup;
      return markup.replace(ATTRIBUTE_MARK, (_, index: string) =>
        (translated[textCount + Number(index)] ?? attributeValues[Number(index)]!).replace(/"/g, '&quot;'),
      );
    },
  };
}

/** The tag with each translatable attribute's value replaced by a mark (always double-quoted), the value kept. */
function markAttributes(token: string, names: ReadonlySet<string>, values: string[]): string {
  return token.replace(ATTRIBUTE, (whole, space: string, name: string, equals: string, _quoted, double?: string, single?: string) => {
    const value = double ?? single ?? '';
    if (!names.has(name.toLowerCase()) || !/\S/.test(value)) return whole;
    values.push(value);
    return `${space}${name}${equals}"\uE000${values.length - 1}\uE001"`;
  });
}

/** Leading and trailing markup and whitespace stay outside; each inner run of markup becomes one placeholder. */
function buildSegment(pieces: Piece[]): { before: string; segment: string; after: string; placeholders: string[] } | undefined {
  const first = pieces.findIndex((piece) => !piece.markup && /\S/.test(piece.text));
  if (first === -1) return undefined;
  let lastText = pieces.length - 1;
  while (pieces[lastText]!.markup || !/\S/.test(pieces[lastText]!.text)) lastText--;
  const head = pieces[first]!.text;
  const tail = pieces[lastText]!.text;
  const leading = /^\s*/.exec(head)![0];
  const trailing = /\s*$/.exec(tail)![0];
  const before =
    pieces
      .slice(0, first)
      .map((piece) => piece.text)
      .join('') + leading;
  const after =
    trailing +
    pieces
      .slice(lastText + 1)
      .map((piece) => piece.text)
      .join('');
  const inner = pieces.slice(first, lastText + 1).map((piece) => ({ ...piece }));
  inner[0]!.text = inner[0]!.text.slice(leading.length);
  const end = inner[inner.length - 1]!;
  end.text = end.text.slice(0, end.text.length - trailing.length);
  const placeholders: string[] = [];
  let segment = '';
  let run: string | undefined;
  for (const piece of inner) {
    if (piece.markup) {
      run = (run ?? '') + piece.text;
      continue;
    }
    if (run !== undefined) {
      segment += `<m${placeholders.length}/>`;
      placeholders.push(run);
      run = undefined;
    }
    segment += piece.text;
  }
  return { before, segment, after, placeholders };
}

/** Placeholders back to their markup; one the engine dropped is put at the end, so no tag is ever lost. */
function restore(translated: string, placeholders: string[]): string {
  const used = new Set<number>();
  let text = translated.replace(PLACEHOLDER, (placeholder, index: string) => {
    const markup = placeholders[Number(index)];
    if (markup === undefined || used.has(Number(index))) return markup === undefined ? placeholder : '';
    used.add(Number(index));
    return markup;
  });
  for (let index = 0; index < placeholders.length; index++) if (!used.has(index)) text += placeholders[index];
  return text;
}

export function escapeXmlText(text: string): string {
  return text.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
}

export function unescapeXmlText(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
}

/** A segment's text without its placeholders, for memory lookups, detection and reports. */
export function segmentPlainText(segment: string): string {
  return unescapeXmlText(segment.replace(PLACEHOLDER, ''));
}

/** Whether the segment carries inline markup (a memory's plain translation would drop it). */
export function hasPlaceholders(segment: string): boolean {
  return /<m\d+\/>/.test(segment);
}
