// What a text becomes before the engine and how the engine's answer becomes the result: glossary terms
// and `ignore_tags` elements are replaced by placeholder tags the engine keeps in place, and put back
// afterwards. Plain text travels as XML (escaped) while it carries placeholders, so every engine that
// keeps tags (Apertium superblanks, DeepL and LibreTranslate in their tag modes) keeps them.
import type { GlossaryMatcher } from '../glossaries/glossary-matcher.js';

export interface SegmentPlan {
  glossaries: GlossaryMatcher[];
  tagHandling?: 'xml' | 'html';
  ignoreTags: string[];
}

export interface PreparedSegment {
  /** What the engine translates. */
  text: string;
  /** True when `text` is markup (the engine must keep tags and entities). */
  markup: boolean;
  restore(translated: string): string;
}

type Piece = { kind: 'text'; text: string } | { kind: 'markup'; text: string } | { kind: 'kept'; text: string };

const MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[^<>]*>/g;
const PLACEHOLDER = /<dpt-(\d+)\/>/g;

export function prepareSegment(text: string, plan: SegmentPlan): PreparedSegment {
  let pieces: Piece[] = plan.tagHandling ? splitMarkup(text, plan.ignoreTags) : [{ kind: 'text', text }];
  // A target term goes into markup escaped; an ignored element is markup already.
  const escapeTerm = plan.tagHandling ? escapeXml : (term: string) => term;
  for (const glossary of plan.glossaries) {
    pieces = pieces.flatMap((piece) => (piece.kind === 'text' ? protectTerms(piece.text, glossary, escapeTerm) : [piece]));
  }
  const kept: string[] = [];
  let engineText = '';
  for (const piece of pieces) {
    if (piece.kind === 'kept') {
      engineText += `<dpt-${kept.length}/>`;
      kept.push(piece.text);
    } else {
      engineText += piece.kind === 'text' && !plan.tagHandling ? escapeXml(piece.text) : piece.text;
    }
  }
  // Without glossaries or tags the text goes as it is; with glossaries every text of the request travels
  // as XML, matched or not, so that one engine call carries one kind of text.
  if (plan.glossaries.length === 0 && !plan.tagHandling) return { text, markup: false, restore: (translated) => translated };
  return {
    text: engineText,
    markup: true,
    restore(translated) {
      const used = new Set<number>();
      const body = plan.tagHandling ? translated : unescapeXml(translated);
      let restored = body.replace(PLACEHOLDER, (placeholder, index: string) => {
        const content = kept[Number(index)];
        if (content === undefined) return placeholder;
        used.add(Number(index));
        return content;
      });
      // An engine that dropped a placeholder must not drop its content: it goes at the end.
      for (let index = 0; index < kept.length; index++) if (!used.has(index)) restored += ` ${kept[index]}`;
      return restored;
    },
  };
}

function protectTerms(text: string, glossary: GlossaryMatcher, escapeTerm: (term: string) => string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of glossary.find(text)) {
    if (match.start > last) pieces.push({ kind: 'text', text: text.slice(last, match.start) });
    pieces.push({ kind: 'kept', text: escapeTerm(match.target) });
    last = match.end;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/** Tags and comments as markup, text between them as text, every `ignore_tags` element whole as kept. */
function splitMarkup(text: string, ignoreTags: string[]): Piece[] {
  const ignored = new Set(ignoreTags.map((tag) => tag.toLowerCase()));
  const pieces: Piece[] = [];
  let last = 0;
  let ignoring: { name: string; depth: number; start: number } | undefined;
  for (const match of text.matchAll(MARKUP)) {
    const tag = tagOf(match[0]);
    if (ignoring) {
      if (tag?.name === ignoring.name) ignoring.depth += tag.closing ? -1 : tag.selfClosing ? 0 : 1;
      if (ignoring.depth === 0) {
        const end = match.index + match[0].length;
        pieces.push({ kind: 'kept', text: text.slice(ignoring.start, end) });
        last = end;
        ignoring = undefined;
      }
      continue;
    }
    if (match.index > last) pieces.push({ kind: 'text', text: text.slice(last, match.index) });
    if (tag && !tag.closing && ignored.has(tag.name)) {
      if (tag.selfClosing) pieces.push({ kind: 'kept', text: match[0] });
      else ignoring = { name: tag.name, depth: 1, start: match.index };
    } else {
      pieces.push({ kind: 'markup', text: match[0] });
    }
    last = match.index + match[0].length;
  }
  // An ignored element never closed: the rest of the text is its content.
  if (ignoring) pieces.push({ kind: 'kept', text: text.slice(ignoring.start) });
  else if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

function tagOf(markup: string): { name: string; closing: boolean; selfClosing: boolean } | undefined {
  const match = /^<(\/?)([A-Za-z_][\w:.-]*)[^>]*?(\/?)>$/.exec(markup);
  return match ? { name: match[2]!.toLowerCase(), closing: match[1] === '/', selfClosing: match[3] === '/' } : undefined;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
}

export function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_, name: string) => (name === 'amp' ? '&' : name === 'lt' ? '<' : '>'));
}
