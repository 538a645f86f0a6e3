// Voice session latency: 4 real-time sessions at once against the built translator (offline engine: the
// warm pocketsphinx pool, Apertium EN->ES), each streaming a different flite voice reading several sentences
// at real-time pace in 100 ms chunks over the real WebSocket (JSON mode). Each sentence is synthesized on its
// own and joined with silence, so the end of its speech in the stream is known (the last sample above a
// small threshold). Latency is measured from the moment that audio exists on the client (stream start +
// speech end) to the arrival of the concluded transcript segment that closes the sentence, and to the
// arrival of that segment's Spanish translation. p50 and p95 over all sentences; target p95 < 1.5 s.
// Where the time goes is split in two: the recognizer's endpointer waiting for silence (the segment's
// end_time minus the speech end, in audio time) and the rest (processing and delivery after it).
//   BENCH_SESSIONS (default 4), BENCH_SENTENCES per session (default 6), BENCH_PAUSE_MS between sentences (1200),
//   BENCH_RECOGNIZERS (default: one per session), TRANSLATOR_SPEECH_PYTHON (default .local/speech-venv).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_KEY, serviceBuilt, startTranslator } from './service.js';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 4);
const SENTENCES_PER_SESSION = Number(process.env.BENCH_SENTENCES ?? 6);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 1200);
const RECOGNIZERS = Number(process.env.BENCH_RECOGNIZERS ?? SESSIONS);
const VOICES = ['slt', 'rms', 'awb', 'kal16'];
const CHUNK_MS = 100;
const BYTES_PER_MS = 32; // 16 kHz s16le mono
const python = process.env.TRANSLATOR_SPEECH_PYTHON ?? new URL('../../.local/speech-venv/bin/python3', import.meta.url).pathname;

// Written for this bench: plain sentences of everyday English, not from the model's training text.
const SENTENCES = [
  'the weather is nice today.',
  'my sister works in a small office near the station.',
  'we bought fresh bread and cheese at the market.',
  'the children are playing in the garden after school.',
  'please close the window because it is cold outside.',
  'the train to the city leaves at seven in the morning.',
  'he reads the newspaper every day before breakfast.',
  'the old house at the end of the street is for sale.',
  'our teacher gave us a long list of words to learn.',
  'the river runs slowly through the green valley.',
  'she wants to visit her friends in the north next summer.',
  'the doctor told him to drink more water.',
];

interface Utterance {
  text: string;
  startMs: number;
  /** End of the speech (last sample above the threshold), in ms from the stream's first sample. */
  speechEndMs: number;
}

const directory = mkdtempSync(join(tmpdir(), 'voice-latency-'));

function flitePcm(text: string, voice: string): Buffer {
  const path = join(directory, `${voice}-${Math.random().toString(36).slice(2)}.wav`);
  execFileSync('flite', ['-voice', voice, '-t', text, '-o', path]);
  const wav = readFileSync(path);
  const pcm = wav.subarray(44);
  const rate = wav.readUInt32LE(24);
  if (rate === 16_000) return pcm;
  return execFileSync(
    'ffmpeg',
    ['-v', 'error', '-f', 's16le', '-ar', String(rate), '-ac', '1', '-i', 'pipe:0', '-ar', '16000', '-f', 's16le', 'pipe:1'],
    {
      input: pcm,
    },
  );
}

function lastSpeechMs(pcm: Buffer): number {
  for (let offset = pcm.length - 2; offset >= 0; offset -= 2) if (Math.abs(pcm.readInt16LE(offset)) > 400) return offset / BYTES_PER_MS;
  return 0;
}

function sessionAudio(index: number): { pcm: Buffer; utterances: Utterance[] } {
  const voice = VOICES[index % VOICES.length]!;
  const parts: Buffer[] = [Buffer.alloc(500 * BYTES_PER_MS)];
  const utterances: Utterance[] = [];
  let atMs = 500;
  for (let sentence = 0; sentence < SENTENCES_PER_SESSION; sentence++) {
    const text = SENTENCES[(index * 3 + sentence) % SENTENCES.length]!;
    const pcm = flitePcm(text, voice);
    utterances.push({ text, startMs: atMs, speechEndMs: atMs + lastSpeechMs(pcm) });
    parts.push(pcm, Buffer.alloc(PAUSE_MS * BYTES_PER_MS));
    atMs += pcm.length / BYTES_PER_MS + PAUSE_MS;
  }
  return { pcm: Buffer.concat(parts), utterances };
}

interface Segment {
  text: string;
  start_time: number;
  end_time: number;
}

interface Measured {
  session: number;
  text: string;
  heard?: string;
  transcriptMs?: number;
  translationMs?: number;
  endpointerMs?: number;
}

async function runSession(url: string, index: number): Promise<Measured[]> {
  const { pcm, utterances } = sessionAudio(index);
  const answer = await fetch(`${url}/v3/voice/realtime`, {
    method: 'POST',
    headers: { authorization: `DeepL-Auth-Key ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000',
      source_language: 'en',
      target_languages: ['es'],
    }),
  });
  if (!answer.ok) throw new Error(`session request answered ${answer.status}: ${await answer.text()}`);
  const session = (await answer.json()) as { streaming_url: string; token: string };
  const socket = new WebSocket(`${session.streaming_url}?token=${encodeURIComponent(session.token)}`);
  const concluded: Array<Segment & { at: number }> = [];
  const translated: Array<Segment & { at: number }> = [];
  const closed = new Promise<void>((resolve, reject) => {
    socket.addEventListener('close', () => resolve());
    socket.addEventListener('error', () => reject(new Error(`session ${index}: WebSocket error`)));
  });
  socket.addEventListener('message', (event) => {
    const at = performance.now();
    const message = JSON.parse(String(event.data)) as Record<string, { concluded?: Segment[] } & { language?: string }>;
    if (message.error) console.error(`session ${index}: ${JSON.stringify(message.error)}`);
    for (const segment of message.source_transcript_update?.concluded ?? []) concluded.push({ ...segment, at });
    for (const segment of message.target_transcript_update?.concluded ?? []) translated.push({ ...segment, at });
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('could not connect')), { once: true });
  });
  // A live microphone: the chunk holding [k*100, (k+1)*100) ms is sent once that audio exists, at start + (k+1)*100 ms.
  const startedAt = performance.now();
  const chunkBytes = CHUNK_MS * BYTES_PER_MS;
  for (let chunk = 0; chunk * chunkBytes < pcm.length; chunk++) {
    const wait = startedAt + (chunk + 1) * CHUNK_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const data = pcm.subarray(chunk * chunkBytes, (chunk + 1) * chunkBytes);
    socket.send(JSON.stringify({ source_media_chunk: { data: data.toString('base64') } }));
  }
  socket.send(JSON.stringify({ end_of_source_media: {} }));
  await closed;
  return utterances.map((utterance, position) => {
    const nextStart = utterances[position + 1]?.startMs ?? Number.POSITIVE_INFINITY;
    // The segment that closes the sentence: the last one concluded ending within it (or in its pause).
    const closing = concluded.filter((segment) => segment.end_time > utterance.startMs && segment.end_time <= nextStart).at(-1);
    if (!closing) return { session: index, text: utterance.text };
    const spokenEnd = startedAt + utterance.speechEndMs;
    const translation = translated.find((segment) => segment.start_time === closing.start_time && segment.end_time === closing.end_time);
    return {
      session: index,
      text: utterance.text,
      heard: concluded
        .filter((segment) => segment.end_time > utterance.startMs && segment.end_time <= nextStart)
        .map((segment) => segment.text)
        .join(' '),
      transcriptMs: closing.at - spokenEnd,
      endpointerMs: closing.end_time - utterance.speechEndMs,
      ...(translation ? { translationMs: translation.at - spokenEnd } : {}),
    };
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const fmt = (ms: number) => `${Math.round(ms)} ms`;

async function main(): Promise<void> {
  if (!serviceBuilt()) throw new Error('build the translator first: pnpm build');
  console.log(
    `voice latency: ${SESSIONS} sessions at once, ${SENTENCES_PER_SESSION} sentences each, ${RECOGNIZERS} recognizers, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
  );
  const service = await startTranslator(join(directory, 'translator.log'), {
    TRANSLATOR_SPEECH_PYTHON: python,
    TRANSLATOR_SPEECH_RECOGNIZERS: String(RECOGNIZERS),
    TRANSLATOR_VOICE_JOB_WORKERS: '0',
  });
  try {
    // One short session first, so model loading and the Apertium chain's start are not measured.
    await Promise.all(Array.from({ length: Math.min(SESSIONS, RECOGNIZERS) }, () => warmUp(service.url)));
    const results = (await Promise.all(Array.from({ length: SESSIONS }, (_, index) => runSession(service.url, index)))).flat();
    for (const result of results)
      console.log(
        `  s${result.session} ${result.transcriptMs === undefined ? 'MISSED' : `transcript ${fmt(result.transcriptMs)} translation ${result.translationMs === undefined ? '-' : fmt(result.translationMs)} (endpointer ${fmt(result.endpointerMs!)})`}  "${result.text}" -> "${result.heard ?? ''}"`,
      );
    const transcript = results.flatMap((result) => (result.transcriptMs === undefined ? [] : [result.transcriptMs]));
    const translation = results.flatMap((result) => (result.translationMs === undefined ? [] : [result.translationMs]));
    const endpointer = results.flatMap((result) => (result.endpointerMs === undefined ? [] : [result.endpointerMs]));
    const after = results.flatMap((result) => (result.transcriptMs === undefined ? [] : [result.transcriptMs - result.endpointerMs!]));
    console.log(`sentences: ${results.length}, concluded: ${transcript.length}, translated: ${translation.length}`);
    console.log(`end of utterance -> concluded transcript: p50 ${fmt(percentile(transcript, 50))}, p95 ${fmt(percentile(transcript, 95))}`);
    console.log(
      `end of utterance -> first translation:    p50 ${fmt(percentile(translation, 50))}, p95 ${fmt(percentile(translation, 95))}`,
    );
    console.log(
      `  of it, the endpointer waiting for silence (audio time): p50 ${fmt(percentile(endpointer, 50))}, p95 ${fmt(percentile(endpointer, 95))}`,
    );
    console.log(
      `  of it, everything after the segment's end (recognition lag, delivery): p50 ${fmt(percentile(after, 50))}, p95 ${fmt(percentile(after, 95))}`,
    );
    const p95 = percentile(translation, 95);
    console.log(
      p95 < 1500 ? 'target p95 < 1.5 s to the first translation: reached' : 'target p95 < 1.5 s to the first translation: NOT reached',
    );
  } finally {
    await service.stop();
  }
}

async function warmUp(url: string): Promise<void> {
  const answer = await fetch(`${url}/v3/voice/realtime`, {
    method: 'POST',
    headers: { authorization: `DeepL-Auth-Key ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', target_languages: ['es'] }),
  });
  const session = (await answer.json()) as { streaming_url: string; token: string };
  const socket = new WebSocket(`${session.streaming_url}?token=${encodeURIComponent(session.token)}`);
  await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
  const speech = flitePcm('hello there.', 'slt');
  socket.send(JSON.stringify({ source_media_chunk: { data: speech.subarray(0, 16_000).toString('base64') } }));
  socket.send(JSON.stringify({ end_of_source_media: {} }));
  await new Promise((resolve) => socket.addEventListener('close', resolve, { once: true }));
}

await main();
