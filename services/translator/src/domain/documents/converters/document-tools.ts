// The Debian programs PDF and image translation need, found once at boot: poppler's `pdftohtml`
// reads a PDF's text with its positions, Tesseract reads an image's text (with the language data
// installed), and Chromium renders the translated page back to PDF or to an image. A format whose
// tools are missing is refused with a 400 that names the package to install.
import { execFileSync } from 'node:child_process';
import { ReadingSlots } from './reading-slots.js';

export interface DocumentToolPaths {
  pdfToHtml: string;
  tesseract: string;
  renderer: string;
}

export interface DocumentTools {
  paths: DocumentToolPaths;
  pdfToHtml: boolean;
  renderer: boolean;
  /** Tesseract's installed languages (`eng`, `spa`, ...); undefined when Tesseract is not installed. */
  ocrLanguages?: ReadonlySet<string>;
  /** Bounds the PDF and image readings this process runs at once. */
  readingSlots: ReadingSlots;
}

const READINGS_AT_ONCE = 2;

export const DEFAULT_DOCUMENT_TOOL_PATHS: DocumentToolPaths = { pdfToHtml: 'pdftohtml', tesseract: 'tesseract', renderer: 'chromium' };

export function detectDocumentTools(paths: DocumentToolPaths = DEFAULT_DOCUMENT_TOOL_PATHS): DocumentTools {
  const languages = run(paths.tesseract, ['--list-langs']);
  return {
    paths,
    readingSlots: new ReadingSlots(READINGS_AT_ONCE),
    pdfToHtml: run(paths.pdfToHtml, ['-v']) !== undefined,
    renderer: run(paths.renderer, ['--version']) !== undefined,
    ...(languages !== undefined
      ? {
          ocrLanguages: new Set(
            languages
              .split('\n')
              .slice(1)
              .map((line) => line.trim())
              .filter((line) => line && line !== 'osd'),
          ),
        }
      : {}),
  };
}

function run(program: string, args: string[]): string | undefined {
  try {
    // pdftohtml -v prints to stderr; both streams are read.
    return execFileSync(program, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 15_000 });
  } catch (error) {
    const failed = error as { code?: string; status?: number; stdout?: string };
    // A program that ran and exited non-zero (pdftohtml -v exits 0 or 99 by version) is installed.
    if (failed.code === 'ENOENT' || failed.code === 'EACCES' || failed.status === undefined || failed.status === null) return undefined;
    return failed.stdout ?? '';
  }
}

// DeepL's source languages to Tesseract's language data (Debian package tesseract-ocr-<code>).
const TESSERACT_LANGUAGES: Record<string, string> = {
  AF: 'afr',
  AR: 'ara',
  BG: 'bul',
  CA: 'cat',
  CS: 'ces',
  DA: 'dan',
  DE: 'deu',
  EL: 'ell',
  EN: 'eng',
  ES: 'spa',
  ET: 'est',
  EU: 'eus',
  FI: 'fin',
  FR: 'fra',
  GL: 'glg',
  HE: 'heb',
  HU: 'hun',
  ID: 'ind',
  IT: 'ita',
  JA: 'jpn',
  KO: 'kor',
  LT: 'lit',
  LV: 'lav',
  MK: 'mkd',
  MS: 'msa',
  NB: 'nor',
  NL: 'nld',
  PL: 'pol',
  PT: 'por',
  RO: 'ron',
  RU: 'rus',
  SK: 'slk',
  SL: 'slv',
  SV: 'swe',
  TR: 'tur',
  UK: 'ukr',
  ZH: 'chi_sim',
};

export function tesseractLanguageOf(sourceLang: string): string | undefined {
  return TESSERACT_LANGUAGES[sourceLang.toUpperCase().split('-')[0]!];
}
