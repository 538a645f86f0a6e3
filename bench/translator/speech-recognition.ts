// Offline speech recognition: the service's warm pocketsphinx pool against the simplest correct program doing
// the same recognition (speech-baseline.py: pocketsphinx 5.1.1's own Python Decoder and Endpointer, same model,
// same settings, one process for every file), on the same audio in the same run; when POCKETSPHINX_CLI is set,
// pocketsphinx's own command-line tool too, as an extra column.
// Audio: the corpus (speech-corpus.ts) read by flite's voices (the set the targets are about) and by espeak-ng's
// English voices (the harder set, reported on its own), joined per voice with half a second of silence between
// sentences. Figures: word error rate over all words, and real-time factor (CPU seconds per audio second, each
// recognizer process's own user + system time). The baseline and the service decode at the same time (one
// process each), so that both see the same machine. See speech-recognition.md.
//   BENCH_SENTENCES        sentences of the corpus (default 240)
//   BENCH_SPLIT            1: each voice of a set reads its own share of the corpus (every 4th sentence for 4
//                          voices), so that a set reads the corpus once; default: every voice reads all of it
//   BENCH_VOICES           flite voices (default slt,rms,awb,kal16; `flite -lv` lists them)
//   BENCH_ESPEAK_VOICES    espeak-ng voices (default en-us,en-gb; empty for none)
//   POCKETSPHINX_CLI       pocketsphinx's C tool (built from cmusphinx/pocketsphinx v5.1.1:
//                          cmake --build build --target pocketsphinx_main); the wheel does not ship it
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { RecognizerPool } from '@workspace/translator/speech/recognizer-pool';
import { detectSpeechTools } from '@workspace/translator/speech/speech-tools';
import { speechCorpus } from './speech-corpus.js';

const python = process.env.TRANSLATOR_SPEECH_PYTHON ?? new URL('../../.local/speech-venv/bin/python3', import.meta.url).pathname;
const baselineScript = new URL('speech-baseline.py', import.meta.url).pathname;
const cli = process.env.POCKETSPHINX_CLI;
const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((voice) => voice.trim())
    .filter(Boolean);
const fliteVoices = list(process.env.BENCH_VOICES, 'slt,rms,awb,kal16');
const espeakVoices = list(process.env.BENCH_ESPEAK_VOICES, 'en-us,en-gb');
const sentences = speechCorpus(Number(process.env.BENCH_SENTENCES ?? 240));
const split = process.env.BENCH_SPLIT === '1';
const directory = mkdtempSync(join(tmpdir(), 'speech-bench-'));
const RATE = 16_000;
const BYTES_PER_SECOND = RATE * 2;

type Engine = 'flite' | 'espeak-ng';
interface Voice {
  engine: Engine;
  name: string;
  sentences: string[];
  wav: string;
  pcm: Buffer;
}
interface Run {
  text: string;
  cpu: number;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z']+/g) ?? [];
}

/** Word edit distance (substitutions, insertions, deletions). */
function editDistance(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++)
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[hypothesis.length]!;
}

function wavHeader(rate: number, dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The samples of a PCM WAV file and its rate (flite and espeak-ng write a plain 44-byte header). */
function readWav(path: string): { rate: number; pcm: Buffer } {
  const file = readFileSync(path);
  return { rate: file.readUInt32LE(24), pcm: file.subarray(44) };
}

/** The voice's sentences read one at a time, joined with half a second of silence; 16 kHz mono. */
function speak(engine: Engine, name: string, share: string[]): Voice {
  const parts: Buffer[] = [];
  let rate = 0;
  share.forEach((sentence, index) => {
    const path = join(directory, `${name}-${index}.wav`);
    if (engine === 'flite') execFileSync('flite', ['-voice', name, '-t', sentence, '-o', path]);
    else execFileSync('espeak-ng', ['-v', name, '-w', path, sentence]);
    const wav = readWav(path);
    rate = wav.rate;
    parts.push(wav.pcm, Buffer.alloc(wav.rate)); // half a second of 16-bit silence at the voice's rate
  });
  let pcm = Buffer.concat(parts);
  if (rate !== RATE) {
    // espeak-ng speaks at 22050 Hz: resampled once for the whole voice, by the decoder the service uses.
    const raw = join(directory, `${name}.raw`);
    writeFileSync(raw, pcm);
    pcm = execFileSync(
      'ffmpeg',
      ['-v', 'error', '-f', 's16le', '-ar', String(rate), '-ac', '1', '-i', raw, '-ar', String(RATE), '-f', 's16le', '-'],
      {
        maxBuffer: 1 << 30,
      },
    );
  }
  const wav = join(directory, `${engine}-${name}.wav`);
  writeFileSync(wav, Buffer.concat([wavHeader(RATE, pcm.length), pcm]));
  return { engine, name, sentences: share, wav, pcm };
}

/** The baseline: one speech-baseline.py process decoding every file in turn; its runs by file. */
function runBaseline(wavs: string[]): { load: Promise<number>; runs: Map<string, Promise<Run>> } {
  const child = spawn(python, [baselineScript, ...wavs], { stdio: ['ignore', 'pipe', 'inherit'] });
  const waiting = new Map<string, (run: Run) => void>();
  const runs = new Map(wavs.map((wav) => [wav, new Promise<Run>((resolve) => waiting.set(wav, resolve))]));
  let loaded: (seconds: number) => void = () => undefined;
  const load = new Promise<number>((resolve) => {
    loaded = resolve;
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as { load_cpu_seconds?: number; file?: string; text?: string; cpu_seconds?: number };
    if (message.load_cpu_seconds !== undefined) loaded(message.load_cpu_seconds);
    else waiting.get(message.file!)!({ text: message.text!, cpu: message.cpu_seconds! });
  });
  child.on('exit', (code) => {
    if (code !== 0) {
      console.error(`speech-baseline.py exited with ${code}`);
      rmSync(directory, { recursive: true, force: true });
      process.exit(1);
    }
  });
  return { load, runs };
}

function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function runPool(pool: RecognizerPool, pcm: Buffer): Promise<Run> {
  const heard: string[] = [];
  const stream = await pool.open({
    language: 'EN',
    listener: { tentative: () => undefined, concluded: (speech) => heard.push(speech.text) },
  });
  const pid = pool.processIds[0]!;
  const before = cpuSecondsOf(pid);
  // 100 ms chunks as fast as the worker takes them (the RTF is CPU per audio second, not wall time).
  for (let offset = 0; offset < pcm.length; offset += 3200) stream.write(pcm.subarray(offset, offset + 3200));
  await stream.finish();
  return { text: heard.join(' '), cpu: cpuSecondsOf(pid) - before };
}

function runCli(wav: string): Run {
  const model = execFileSync(python, ['-c', 'import pocketsphinx; print(pocketsphinx.get_model_path())'], { encoding: 'utf8' }).trim();
  // The wheel's model files, as the service's worker loads them.
  const args = ['-hmm', `${model}/en-us/en-us`, '-lm', `${model}/en-us/en-us.lm.bin`, '-dict', `${model}/en-us/cmudict-en-us.dict`];
  const result = execFileSync(
    'bash',
    ['-c', 'TIMEFORMAT="CPU %U %S"; { time "$@" ; } 2>&1', 'bash', cli!, ...args, '-loglevel', 'ERROR', 'live', wav],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    },
  );
  const [, user, system] = result
    .split('\n')
    .find((line) => line.startsWith('CPU '))!
    .split(' ');
  const text = result
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { t: string }).t)
    .join(' ');
  return { text, cpu: Number(user) + Number(system) };
}

interface Tally {
  audio: number;
  words: number;
  errors: Record<string, number>;
  cpu: Record<string, number>;
}

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;

function summarize(label: string, tally: Tally, recognizers: string[]): void {
  const wer = (name: string) => tally.errors[name]! / tally.words;
  const rtf = (name: string) => tally.cpu[name]! / tally.audio;
  console.log(
    `${label}: ${tally.audio.toFixed(0)} s, ${tally.words} words | ${recognizers.map((name) => `${name} WER ${percent(wer(name))} RTF ${rtf(name).toFixed(3)}`).join(' | ')}`,
  );
  for (const name of recognizers.filter((name) => name !== 'baseline'))
    console.log(
      `${label}: ${name} vs baseline: accuracy (1 - WER) ${((1 - wer(name)) / (1 - wer('baseline'))).toFixed(3)}x (target >= 0.95), RTF ${rtf(name) / rtf('baseline') >= 1 ? '+' : ''}${percent(rtf(name) / rtf('baseline') - 1)} (target <= +10%)`,
    );
}

async function main(): Promise<void> {
  const tools = detectSpeechTools({ python, ffmpeg: 'ffmpeg', espeak: 'espeak-ng' });
  if (!tools.recognizer) throw new Error(`${python} cannot import pocketsphinx: run npm test once, or set TRANSLATOR_SPEECH_PYTHON`);
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} at start; ${sentences.length} sentences, ${split ? "shared out among each set's voices" : 'read by every voice'}`,
  );
  const shareOf = (index: number, of: number) => (split ? sentences.filter((_, at) => at % of === index) : sentences);
  const voices = [
    ...fliteVoices.map((name, index) => speak('flite', name, shareOf(index, fliteVoices.length))),
    ...espeakVoices.map((name, index) => speak('espeak-ng', name, shareOf(index, espeakVoices.length))),
  ];
  const pool = new RecognizerPool(tools, { size: 1, queueLimit: 1, queueTimeoutMs: 600_000 });
  await pool.warm();
  const baseline = runBaseline(voices.map((voice) => voice.wav));
  const recognizers = ['baseline', 'service', ...(cli ? ['CLI'] : [])];
  const tallies = new Map<Engine, Tally>();
  for (const voice of voices) {
    const audioSeconds = voice.pcm.length / BYTES_PER_SECOND;
    const reference = voice.sentences.flatMap(words);
    const runs: Record<string, Run> = { service: await runPool(pool, voice.pcm) };
    runs.baseline = await baseline.runs.get(voice.wav)!;
    if (cli) runs.CLI = runCli(voice.wav);
    const tally = tallies.get(voice.engine) ?? { audio: 0, words: 0, errors: {}, cpu: {} };
    tallies.set(voice.engine, tally);
    tally.audio += audioSeconds;
    tally.words += reference.length;
    const row = recognizers.map((name) => {
      const errors = editDistance(reference, words(runs[name]!.text));
      tally.errors[name] = (tally.errors[name] ?? 0) + errors;
      tally.cpu[name] = (tally.cpu[name] ?? 0) + runs[name]!.cpu;
      return `${name} WER ${percent(errors / reference.length)} RTF ${(runs[name]!.cpu / audioSeconds).toFixed(3)}`;
    });
    console.log(`${voice.engine} ${voice.name}: ${audioSeconds.toFixed(0)} s of audio, ${reference.length} words | ${row.join(' | ')}`);
  }
  await pool.close();
  console.log(`baseline model load: ${(await baseline.load).toFixed(2)} CPU s (not in its RTF)`);
  for (const [engine, tally] of tallies)
    summarize(engine === 'flite' ? 'flite (the targets)' : 'espeak-ng (the harder set)', tally, recognizers);
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} at the end`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  // The synthesized audio (tens of MB per voice) is not left behind.
  .finally(() => rmSync(directory, { recursive: true, force: true }));
