// Reads Apertium `.mode` files (one shell pipeline per line) into argv lists we can spawn without a shell.
import { access, readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

export const DEFAULT_MODES_DIR = '/usr/share/apertium/modes';

export interface ModeInfo {
  name: string;
  source: string;
  target: string;
  path: string;
}

export interface PipelineCommand {
  program: string;
  args: string[];
}

// Translation modes are `src-tgt` with optional variants (`eng-cat_valencia`); development installs also
// carry `eng-spa-morph` and friends, which are not translation pairs.
const PAIR_MODE = /^([a-z]{2,3}(?:_[A-Za-z0-9]+)?)-([a-z]{2,3}(?:_[A-Za-z0-9]+)?)$/;

// Formatting happens in TypeScript (format.ts); spawning these per request costs ~3.5 ms each.
const FORMATTER = /^apertium-(des|re)(txt|html(-noent|-alt)?|rtf|odt|odp|docx|wxml|xlsx|pptx|xpresstag|latex(-raw)?|line|mediawiki)$/;

// Programs known to accept `-z`; anything else (vislcg3, cg-mwesplit, hfst-tokenise, test doubles) runs as written.
const NULL_FLUSH_CAPABLE = /^(lt-proc|lrx-proc|lsx-proc|rtx-proc|cg-proc|hfst-proc|apertium-[a-z-]+)$/;

export async function listModes(modesDir = DEFAULT_MODES_DIR): Promise<ModeInfo[]> {
  let names: string[];
  try {
    names = await readdir(modesDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((file) => file.endsWith('.mode'))
    .flatMap((file) => {
      const name = file.slice(0, -'.mode'.length);
      const match = PAIR_MODE.exec(name);
      return match ? [{ name, source: match[1]!, target: match[2]!, path: join(modesDir, file) }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface ParseModeOptions {
  /** `$1` in mode files is the generator flag: `-n` drops unknown-word marks (`apertium -u`), `-g` keeps them. */
  markUnknown?: boolean;
}

export async function readModeFile(path: string, options: ParseModeOptions = {}): Promise<PipelineCommand[]> {
  return parseMode(await readFile(path, 'utf8'), options);
}

export function parseMode(text: string, options: ParseModeOptions = {}): PipelineCommand[] {
  const generatorFlag = options.markUnknown ? '-g' : '-n';
  const commands: PipelineCommand[] = [];
  for (const words of splitPipeline(text)) {
    // `$2` is the tagger option (`-m` with `apertium -a`); unset by default, so it disappears.
    const argv = words.flatMap((word) => (word === '$1' ? [generatorFlag] : /^\$\d$/.test(word) ? [] : [word]));
    const [program, ...args] = argv;
    if (!program || FORMATTER.test(basename(program))) continue;
    const needsFlush = NULL_FLUSH_CAPABLE.test(basename(program)) && !args.includes('-z');
    commands.push({ program, args: needsFlush ? ['-z', ...args] : args });
  }
  return withoutCrashingTagger(commands);
}

/**
 * Tagger models Debian (bookworm) ships that crash `apertium-tagger` 3.8: apertium-rus-ukr's and apertium-bel-rus's
 * Russian ones on every input (a segmentation fault: rus-ukr and rus-bel answer nothing), apertium-rus-ukr's
 * Ukrainian one within a paragraph or two (a failed assertion in its perceptron). Checked for every pair
 * APERTIUM_APT_PACKAGES installs, on the texts of bench/translator/pairs.ts.
 */
const CRASHING_TAGGER_MODELS = new Set(['rus-ukr.prob', 'rus-bel.prob', 'ukr-rus.prob']);

/**
 * Drops a crashing tagger stage and lets the constraint grammar just before it finish the job: `cg-proc -1 -n`
 * keeps the first reading the grammar leaves and writes lexical units without their surface form, which
 * is what the tagger would have written (the remaining ambiguity is resolved by order, not statistics).
 */
/** True when the mode runs a tagger model that crashes (the stock `apertium` command cannot run it). */
export function hasCrashingTagger(commands: PipelineCommand[]): boolean {
  return withoutCrashingTagger(commands) !== commands;
}

function withoutCrashingTagger(commands: PipelineCommand[]): PipelineCommand[] {
  const tagger = commands.findIndex(
    (command) => basename(command.program) === 'apertium-tagger' && command.args.some((arg) => CRASHING_TAGGER_MODELS.has(basename(arg))),
  );
  const grammar = commands[tagger - 1];
  if (tagger < 1 || !grammar || basename(grammar.program) !== 'cg-proc') return commands;
  const firstReading = { program: grammar.program, args: ['-1', '-n', ...grammar.args] };
  return [...commands.slice(0, tagger - 1), firstReading, ...commands.slice(tagger + 1)];
}

/** Splits a shell pipeline into words per command, honouring '…', "…" and backslash escapes. */
export function splitPipeline(text: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | null = null;
  const endWord = () => {
    if (word !== null) words.push(word);
    word = null;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote in mode file');
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (char === '"') {
      let value = '';
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\' && /["\\$`]/.test(text[i + 1] ?? '')) i++;
        value += text[i];
      }
      if (i >= text.length) throw new Error('unterminated double quote in mode file');
      word = (word ?? '') + value;
    } else if (char === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
    } else if (char === '|' || char === '\n' || char === ';') {
      endWord();
      if (words.length) commands.push(words);
      words = [];
    } else if (/\s/.test(char)) {
      endWord();
    } else {
      word = (word ?? '') + char;
    }
  }
  endWord();
  if (words.length) commands.push(words);
  return commands;
}

/**
 * True when every data file the mode's programs name exists. Some packaged modes point at files their
 * package does not ship (Debian's apertium-eo-es has es-eo.mode without es-eo.automorf.bin); such a
 * mode would fail on every request, so it is not offered.
 */
export async function modeFilesExist(commands: PipelineCommand[]): Promise<boolean> {
  const files = commands.flatMap((command) => command.args.filter((arg) => arg.startsWith('/')));
  const found = await Promise.all(
    files.map((file) =>
      access(file).then(
        () => true,
        () => false,
      ),
    ),
  );
  return found.every(Boolean);
}
