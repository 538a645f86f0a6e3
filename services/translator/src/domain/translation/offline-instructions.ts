// custom_instructions without a language model. An engine that follows instructions (the `deepl`
// engine) gets them as they came; for the others each instruction must be one of the forms below,
// which map onto what the service can do itself, or the request is refused (400 naming it): an
// instruction is never silently dropped. The forms (English, case-insensitive, a final period
// optional; terms in straight or typographic quotes) are listed in docs/style-rules.md:
//   tone and formality  "Use a formal tone", "Be informal", "Address the reader formally", "Use usted"
//   terminology         'Translate "X" as "Y"', 'Use "Y" for "X"', 'Do not translate "X"'
//   quotation marks     "Use curly quotation marks" (straight, curly, German, guillemets)
//   numbers             "Use a comma as decimal separator", "Use a space as thousands separator"
import type { GlossaryEntry } from '../glossaries/glossary-entries.js';
import type { Register } from '../../write/style-rules.js';
import { TranslatorError } from '../translator-error.js';

export type QuoteStyle = 'straight' | 'curly' | 'german' | 'guillemets';
export type DecimalMark = '.' | ',';
/** '' is no separator; U+202F is the narrow no-break space. */
export type GroupSeparator = ',' | '.' | ' ' | '\u202f' | "'" | '';

export interface OfflineInstructions {
  /** A formality or a write register (docs/write.md), from a tone or formality instruction. */
  tone?: { formality: 'more' | 'less' } | { register: Register };
  /** Terms the translation must use, source to target, applied like a glossary placed first. */
  terms: GlossaryEntry[];
  quotes?: QuoteStyle;
  decimal?: DecimalMark;
  group?: GroupSeparator;
}

export interface Instruction {
  text: string;
  /** Where it came from, for the error message: the request, or a style rule list. */
  origin: string;
}

const Q = `(?:"([^"]+)"|“([^”]+)”|'([^']+)'|‘([^’]+)’|„([^“”]+)[“”]|«\\s*([^»]+?)\\s*»)`;
const TERM = new RegExp(`^(?:always\\s+)?(?:translate|render)\\s+${Q}\\s+(?:as|to|into|with)\\s+${Q}$`, 'iu');
const USE_TERM = new RegExp(`^(?:always\\s+)?use\\s+${Q}\\s+for\\s+${Q}$`, 'iu');
const KEEP_TERM = new RegExp(
  `^(?:(?:do not|don't|never)\\s+translate\\s+${Q}|keep\\s+${Q}\\s+(?:untranslated|as it is|as is|unchanged|in the source language))$`,
  'iu',
);

const ADJECTIVES: Readonly<Record<string, 'formal' | 'informal' | Register>> = {
  formal: 'formal',
  polite: 'formal',
  professional: 'formal',
  business: 'formal',
  informal: 'informal',
  casual: 'informal',
  friendly: 'friendly',
  diplomatic: 'diplomatic',
  confident: 'confident',
  enthusiastic: 'enthusiastic',
  academic: 'academic',
  simple: 'simple',
  plain: 'simple',
};
const ADJECTIVE = Object.keys(ADJECTIVES).join('|');
const TONE = new RegExp(
  `^(?:(?:use|write in|write with|adopt|keep|maintain)\\s+(?:an?\\s+)?(${ADJECTIVE})\\s+(?:tone|language|register|style|wording)|(?:be|sound|stay)\\s+(${ADJECTIVE}))$`,
  'iu',
);
const ADDRESS = /^(?:address|speak to|talk to)\s+the\s+(?:reader|user|customer|audience)s?\s+(formally|informally|politely|casually)$/iu;
const FORM_OF_ADDRESS = /^use\s+the\s+(formal|informal|polite)\s+(?:form of address|form|address|you)$/iu;
const PRONOUN =
  /^use\s+(?:the\s+)?(?:formal\s+|informal\s+|polite\s+)?["“'‘«]?\s*(sie|du|usted|ustedes|tú|tu|vous|lei)\s*["”'’»]?(?:\s+form)?$/iu;
/** Which target languages each pronoun belongs to, and which formality it asks for. */
const PRONOUNS: Readonly<Record<string, { languages: string[]; formal: boolean }>> = {
  sie: { languages: ['DE'], formal: true },
  du: { languages: ['DE'], formal: false },
  usted: { languages: ['ES'], formal: true },
  ustedes: { languages: ['ES'], formal: true },
  tú: { languages: ['ES'], formal: false },
  tu: { languages: ['FR', 'IT'], formal: false },
  vous: { languages: ['FR'], formal: true },
  lei: { languages: ['IT'], formal: true },
};

const QUOTES =
  /^use\s+(straight|curly|typographic|smart|german|low-high|angle|french)\s+(?:double\s+)?(?:quotes|quotation marks)$|^use\s+(guillemets)(?:\s+for quotations?)?$/iu;
const QUOTE_STYLES: Readonly<Record<string, QuoteStyle>> = {
  straight: 'straight',
  curly: 'curly',
  typographic: 'curly',
  smart: 'curly',
  german: 'german',
  'low-high': 'german',
  angle: 'guillemets',
  french: 'guillemets',
  guillemets: 'guillemets',
};

const MARKS = 'comma|period|point|dot|full stop';
const DECIMAL = new RegExp(
  `^use\\s+(?:an?\\s+|the\\s+)?(${MARKS})\\s+as\\s+(?:the\\s+|a\\s+)?decimal\\s+(?:separator|mark|point|sign)$|^use\\s+(?:a\\s+)?decimal\\s+(comma|point|period|dot)s?$`,
  'iu',
);
const GROUP_NAME = '(?:thousands?|digit[- ]group(?:ing)?|group(?:ing)?)\\s+separators?';
const GROUP = new RegExp(
  `^use\\s+(?:an?\\s+|the\\s+)?(${MARKS}|space|thin space|narrow space|non-breaking space|apostrophe)s?\\s+as\\s+(?:the\\s+|a\\s+)?${GROUP_NAME}$`,
  'iu',
);
const NO_GROUP = new RegExp(`^(?:use\\s+no|do not use|don't use|omit)\\s+(?:the\\s+|any\\s+)?${GROUP_NAME}$`, 'iu');
const SEPARATORS: Readonly<Record<string, GroupSeparator>> = {
  comma: ',',
  period: '.',
  point: '.',
  dot: '.',
  'full stop': '.',
  space: ' ',
  'non-breaking space': ' ',
  'thin space': '\u202f',
  'narrow space': '\u202f',
  apostrophe: "'",
};

/** The quoted term captured by one of Q's six alternatives from group `from` on ('' when none took part). */
const quoted = (match: RegExpExecArray, from: number): string =>
  (match.slice(from, from + 6).find((group) => group !== undefined) ?? '').trim();

/**
 * What the instructions ask, for `target` (a DeepL target code). `supportsFormality`: whether the
 * engine can take `formality` for the target (otherwise formality goes through the write rules).
 */
export function interpretInstructions(
  instructions: readonly Instruction[],
  target: string,
  can: { supportsFormality: boolean; hasRegister: (register: Register) => boolean; formality?: string },
): OfflineInstructions {
  const base = target.split('-')[0]!.toUpperCase();
  const result: OfflineInstructions = { terms: [] };
  let toneFrom: Instruction | undefined;
  for (const instruction of instructions) {
    const text = instruction.text
      .trim()
      .replace(/[.!]+$/u, '')
      .replace(/\s+/g, ' ');
    const refuse = (why: string) => refusal(instruction, target, why);
    let match: RegExpExecArray | null;
    if ((match = TERM.exec(text))) {
      result.terms.push({ source: quoted(match, 1), target: quoted(match, 7) });
    } else if ((match = USE_TERM.exec(text))) {
      result.terms.push({ source: quoted(match, 7), target: quoted(match, 1) });
    } else if ((match = KEEP_TERM.exec(text))) {
      const term = quoted(match, 1) || quoted(match, 7);
      result.terms.push({ source: term, target: term });
    } else if ((match = TONE.exec(text) ?? ADDRESS.exec(text) ?? FORM_OF_ADDRESS.exec(text))) {
      // "formally", "politely", "casually": the adjective.
      const asked = ADJECTIVES[(match[1] ?? match[2]!).toLowerCase().replace(/ly$/, '')]!;
      if (toneFrom) throw refuse(`it contradicts or repeats '${toneFrom.text}': give one tone or formality instruction.`);
      result.tone = tone(asked, can, refuse);
      toneFrom = instruction;
    } else if ((match = PRONOUN.exec(text))) {
      const pronoun = PRONOUNS[match[1]!.toLowerCase()]!;
      if (!pronoun.languages.includes(base)) throw refuse(`'${match[1]}' is not a form of address of the target language.`);
      if (toneFrom) throw refuse(`it contradicts or repeats '${toneFrom.text}': give one tone or formality instruction.`);
      result.tone = tone(pronoun.formal ? 'formal' : 'informal', can, refuse);
      toneFrom = instruction;
    } else if ((match = QUOTES.exec(text))) {
      result.quotes = QUOTE_STYLES[(match[1] ?? match[2]!).toLowerCase()];
    } else if ((match = DECIMAL.exec(text))) {
      result.decimal = SEPARATORS[(match[1] ?? match[2]!).toLowerCase()] as DecimalMark;
    } else if ((match = GROUP.exec(text))) {
      result.group = SEPARATORS[match[1]!.toLowerCase()];
    } else if (NO_GROUP.test(text)) {
      result.group = '';
    } else {
      throw refuse(
        'it is not one of the forms this engine can follow: tone or formality ("Use a formal tone", "Use usted"), terminology (\'Translate "X" as "Y"\', \'Do not translate "X"\'), quotation marks ("Use curly quotation marks") or number format ("Use a comma as decimal separator").',
      );
    }
  }
  if (result.decimal !== undefined && result.decimal === result.group) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `The 'custom_instructions' ask for '${result.decimal}' as both the decimal and the thousands separator.`,
    );
  }
  return result;
}

function tone(
  asked: 'formal' | 'informal' | Register,
  can: { supportsFormality: boolean; hasRegister: (register: Register) => boolean; formality?: string },
  refuse: (why: string) => TranslatorError,
): OfflineInstructions['tone'] {
  if (asked === 'formal' || asked === 'informal') {
    const formality = asked === 'formal' ? 'more' : 'less';
    const given = can.formality;
    if (given !== undefined && given !== 'default' && !given.endsWith(formality)) {
      throw refuse(`it contradicts formality=${given}.`);
    }
    if (can.supportsFormality) return { formality };
    // Without formality in the engine, the write rules of the matching register (docs/write.md).
    const register: Register | undefined =
      asked === 'formal' ? 'business' : can.hasRegister('casual') ? 'casual' : can.hasRegister('friendly') ? 'friendly' : undefined;
    if (register && can.hasRegister(register)) return { register };
    throw refuse(`neither the engine's formality nor the offline ${asked} wording rules cover the target language.`);
  }
  if (can.hasRegister(asked)) return { register: asked };
  throw refuse(`the offline wording rules have no '${asked}' tone for the target language (docs/write.md lists them).`);
}

function refusal(instruction: Instruction, target: string, why: string): TranslatorError {
  return new TranslatorError(
    'BAD_REQUEST',
    `Custom instruction '${instruction.text}' (${instruction.origin}) cannot be honoured offline for target_lang '${target}': ${why} With TRANSLATOR_ENGINE=deepl every instruction is forwarded.`,
  );
}
