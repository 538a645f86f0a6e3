// The known-word rate of a text in each candidate language, from the morphological analysers the
// installed Apertium pairs ship (`<lang>-<other>.automorf.bin`): on a short string ("Esgotado",
// "Kata laluan baharu") the words a language's dictionary knows say more than character n-grams do.
// One warm `lt-proc -z -a` per language, started on first use, fed NUL-terminated texts in order.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

// DeepL base code -> the spellings Apertium's file names use for it.
const APERTIUM_CODES: Readonly<Record<string, readonly string[]>> = {
  AF: ['afr', 'af'],
  AN: ['arg', 'an'],
  BE: ['bel', 'be'],
  BG: ['bul', 'bg'],
  BR: ['bre', 'br'],
  BS: ['hbs'],
  CA: ['cat', 'ca'],
  DA: ['dan', 'da'],
  EN: ['eng', 'en'],
  EO: ['epo', 'eo'],
  ES: ['spa', 'es'],
  EU: ['eus', 'eu'],
  FR: ['fra', 'fr'],
  GL: ['glg', 'gl'],
  HI: ['hin', 'hi'],
  HR: ['hbs'],
  ID: ['ind', 'id'],
  IS: ['isl', 'is'],
  IT: ['ita', 'it'],
  MK: ['mkd', 'mk'],
  MS: ['zlm', 'msa', 'ms'],
  NB: ['nob', 'nb'],
  NL: ['nld', 'nl'],
  OC: ['oci', 'oc'],
  PT: ['por', 'pt'],
  RO: ['ron', 'ro'],
  RU: ['rus', 'ru'],
  SL: ['slv', 'sl'],
  SR: ['hbs'],
  SV: ['swe', 'sv'],
  UK: ['ukr', 'uk'],
  UR: ['urd', 'ur'],
};

/** Per DeepL code, the largest analyser of that language among the installed pairs (the most words). */
export function findAnalysers(modesDir: string): Map<string, string> {
  const dataDir = dirname(modesDir);
  const bySpelling = new Map<string, { path: string; size: number }>();
  let pairs: string[];
  try {
    pairs = readdirSync(dataDir).filter((name) => name.startsWith('apertium-'));
  } catch {
    return new Map();
  }
  for (const pair of pairs) {
    let files: string[];
    try {
      files = readdirSync(join(dataDir, pair));
    } catch {
      continue;
    }
    for (const file of files) {
      const match = /^([a-z]{2,3})-[a-z]{2,3}(?:_[A-Za-z]+)?\.automorf\.bin$/.exec(file);
      if (!match) continue;
      const path = join(dataDir, pair, file);
      const size = statSync(path).size;
      const best = bySpelling.get(match[1]!);
      if (!best || size > best.size) bySpelling.set(match[1]!, { path, size });
    }
  }
  const analysers = new Map<string, string>();
  for (const [language, spellings] of Object.entries(APERTIUM_CODES)) {
    const found = spellings.map((spelling) => bySpelling.get(spelling)).find((entry) => entry !== undefined);
    if (found) analysers.set(language, found.path);
  }
  return analysers;
}

export interface WordAnalysers {
  /** Which of the languages have an analyser. */
  covers(language: string): boolean;
  /**
   * Share of the text's words each covered language's analyser knows (0-1), languages without an
   * analyser left out; undefined when none is covered or an analyser failed.
   */
  knownWordRates(text: string, languages: readonly string[]): Promise<Map<string, number> | undefined>;
  close(): void;
}

// lt-proc reads these as stream syntax (superblanks, escapes, lexical units); they carry no language.
const STREAM_SYNTAX = /[\\^$[\]{}@<>/\0*]/g;
const UNIT = /\^([^$]*)\$/g;
const LETTER = /\p{L}/u;
// Records owed by one process beyond which it counts as hung.
const MAX_BEHIND = 64;

/** Known words / words in one analysed record: `^word/lemma<tags>$` is known, `^word/*word$` is not. */
export function knownRate(record: string): number {
  let words = 0;
  let known = 0;
  for (const [, unit] of record.matchAll(UNIT)) {
    const surface = unit!.split('/', 1)[0]!;
    if (!LETTER.test(surface)) continue;
    words++;
    if (!unit!.includes('/*')) known++;
  }
  return words === 0 ? 0 : known / words;
}

/**
 * One warm analyser process. A late answer is given up on (that detection goes on without word rates)
 * but the process is kept and its record dropped when it comes: a cold start on a loaded machine is
 * slow, not broken. A process that exits, or falls MAX_BEHIND records behind, is dropped, and the next
 * call starts a new one.
 */
class Analyser {
  private child: ChildProcess | undefined;
  private buffer = '';
  private readonly waiting: Array<(record: string | undefined) => void> = [];

  constructor(
    private readonly path: string,
    private readonly timeoutMs: number,
  ) {}

  analyse(text: string): Promise<string | undefined> {
    if (this.waiting.length >= MAX_BEHIND) this.stop();
    const child = this.child ?? this.start();
    return new Promise((resolve) => {
      let settled = false;
      const settle = (record: string | undefined) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(record);
      };
      const timer = setTimeout(() => settle(undefined), this.timeoutMs);
      this.waiting.push(settle);
      child.stdin!.write(`${text.replace(STREAM_SYNTAX, ' ')}\0`);
    });
  }

  private start(): ChildProcess {
    const child = spawn('lt-proc', ['-z', '-a', this.path], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.child = child;
    this.buffer = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\0')) !== -1) {
        const record = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 1);
        this.waiting.shift()?.(record);
      }
    });
    child.stdin!.on('error', () => this.stop());
    child.on('error', () => this.stop());
    child.on('exit', () => {
      if (this.child === child) this.stop();
    });
    return child;
  }

  stop(): void {
    const child = this.child;
    this.child = undefined;
    child?.kill();
    for (const settle of this.waiting.splice(0)) settle(undefined);
  }
}

export interface WordAnalysersOptions {
  /** The Apertium modes directory; the pairs' data directories are its siblings. */
  modesDir: string;
  /** An answer later than this is given up on, and that detection goes on without word rates. */
  timeoutMs?: number;
}

export function createWordAnalysers({ modesDir, timeoutMs = 2000 }: WordAnalysersOptions): WordAnalysers {
  const paths = findAnalysers(modesDir);
  // Keyed by file: HR, SR and BS share the Serbo-Croatian analyser, and so share its process.
  const running = new Map<string, Analyser>();
  const analyser = (path: string): Analyser => {
    let found = running.get(path);
    if (!found) running.set(path, (found = new Analyser(path, timeoutMs)));
    return found;
  };
  return {
    covers: (language) => paths.has(language.toUpperCase()),
    async knownWordRates(text, languages) {
      const covered = languages.filter((language) => paths.has(language.toUpperCase()));
      if (covered.length === 0) return undefined;
      const files = [...new Set(covered.map((language) => paths.get(language.toUpperCase())!))];
      const records = await Promise.all(files.map((path) => analyser(path).analyse(text)));
      if (records.some((record) => record === undefined)) return undefined;
      const rateOf = new Map(files.map((path, index) => [path, knownRate(records[index]!)]));
      return new Map(covered.map((language) => [language, rateOf.get(paths.get(language.toUpperCase())!)!]));
    },
    close() {
      for (const each of running.values()) each.stop();
      running.clear();
    },
  };
}
