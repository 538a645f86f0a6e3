// Offline speech recognition: the service's warm pocketsphinx pool against pocketsphinx's own command-line
// tool (`pocketsphinx live`, same version 5.1.1, same model files) on the same audio in the same run.
// Audio: the corpus (speech-corpus.ts) spoken by several flite voices, joined per voice with half a second of
// silence between sentences. Figures: word error rate over all words, and real-time factor (CPU seconds per
// audio second, the process's own user + system time). See speech-recognition.md.
//   POCKETSPHINX_CLI   the C tool (built from cmusphinx/pocketsphinx v5.1.1: cmake --build build --target pocketsphinx_main)
//   BENCH_SENTENCES    sentences per voice (default 240), BENCH_VOICES (default slt,rms,awb,kal16)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecognizerPool } from '@workspace/translator/speech/recognizer-pool';
import { detectSpeechTools } from '@workspace/translator/speech/speech-tools';
import { speechCorpus } from './speech-corpus.js';

const python = process.env.TRANSLATOR_SPEECH_PYTHON ?? new URL('../../.local/speech-venv/bin/python3', import.meta.url).pathname;
const cli = process.env.POCKETSPHINX_CLI ?? 'pocketsphinx';
const voices = (process.env.BENCH_VOICES ?? 'slt,rms,awb,kal16').split(',');
const sentences = speechCorpus(Number(process.env.BENCH_SENTENCES ?? 240));
const directory = mkdtempSync(join(tmpdir(), 'speech-bench-'));
const SILENCE = Buffer.alloc(16_000); // half a second at 16 kHz s16le

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

function speak(voice: string): { wav: string; pcm: Buffer } {
  const parts: Buffer[] = [];
  sentences.forEach((sentence, index) => {
    const path = join(directory, `${voice}-${index}.wav`);
    execFileSync('flite', ['-voice', voice, '-t', sentence, '-o', path]);
    const pcm = readFileSync(path).subarray(44);
    parts.push(pcm, SILENCE);
  });
  const pcm = Buffer.concat(parts);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  const wav = join(directory, `${voice}.wav`);
  writeFileSync(wav, Buffer.concat([header, pcm]));
  return { wav, pcm };
}

function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function runCliTimed(wav: string): { text: string; cpu: number } {
  const model = execFileSync(python, ['-c', 'import pocketsphinx; print(pocketsphinx.get_model_path())'], { encoding: 'utf8' }).trim();
  // The wheel's model files, as the service's worker loads them.
  const args = [
    '-hmm',
    `${model}/en-us/en-us`,
    '-lm',
    `${model}/en-us/en-us.lm.bin`,
    '-dict',
    `${model}/en-us/cmudict-en-us.dict`,
    '-loglevel',
    'ERROR',
  ];
  const result = execFileSync('bash', ['-c', 'TIMEFORMAT="CPU %U %S"; { time "$@" ; } 2>&1', 'bash', cli, ...args, 'live', wav], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const cpuLine = result.split('\n').find((line) => line.startsWith('CPU '))!;
  const [, user, system] = cpuLine.split(' ');
  const text = result
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { t: string }).t)
    .join(' ');
  return { text, cpu: Number(user) + Number(system) };
}

async function runPool(pool: RecognizerPool, pcm: Buffer): Promise<{ text: string; cpu: number }> {
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

async function main(): Promise<void> {
  const tools = detectSpeechTools({ python, ffmpeg: 'ffmpeg', espeak: 'espeak-ng' });
  if (!tools.recognizer) throw new Error(`${python} cannot import pocketsphinx: run npm test once, or set TRANSLATOR_SPEECH_PYTHON`);
  const pool = new RecognizerPool(tools, { size: 1, queueLimit: 1, queueTimeoutMs: 600_000 });
  await pool.warm();
  const reference = sentences.flatMap(words);
  const totals = { audio: 0, cli: { errors: 0, cpu: 0 }, pool: { errors: 0, cpu: 0 }, words: 0 };
  for (const voice of voices) {
    const { wav, pcm } = speak(voice);
    const audioSeconds = pcm.length / 32_000;
    const cliRun = runCliTimed(wav);
    const poolRun = await runPool(pool, pcm);
    const cliErrors = editDistance(reference, words(cliRun.text));
    const poolErrors = editDistance(reference, words(poolRun.text));
    totals.audio += audioSeconds;
    totals.words += reference.length;
    totals.cli.errors += cliErrors;
    totals.cli.cpu += cliRun.cpu;
    totals.pool.errors += poolErrors;
    totals.pool.cpu += poolRun.cpu;
    console.log(
      `${voice}: ${audioSeconds.toFixed(0)} s of audio, ${reference.length} words | CLI WER ${((100 * cliErrors) / reference.length).toFixed(1)}% RTF ${(cliRun.cpu / audioSeconds).toFixed(3)} | service WER ${((100 * poolErrors) / reference.length).toFixed(1)}% RTF ${(poolRun.cpu / audioSeconds).toFixed(3)}`,
    );
  }
  await pool.close();
  const cliWer = totals.cli.errors / totals.words;
  const poolWer = totals.pool.errors / totals.words;
  const cliRtf = totals.cli.cpu / totals.audio;
  const poolRtf = totals.pool.cpu / totals.audio;
  console.log(
    `all: ${totals.audio.toFixed(0)} s, ${totals.words} words | CLI WER ${(100 * cliWer).toFixed(1)}% RTF ${cliRtf.toFixed(3)} | service WER ${(100 * poolWer).toFixed(1)}% RTF ${poolRtf.toFixed(3)}`,
  );
  console.log(
    `accuracy (1 - WER) ratio ${((1 - poolWer) / (1 - cliWer)).toFixed(3)} (target >= 0.95); RTF overhead ${(100 * (poolRtf / cliRtf - 1)).toFixed(1)}% (target <= 10%)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
