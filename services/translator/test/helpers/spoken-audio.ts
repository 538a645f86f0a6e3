// Real speech for the voice session tests and the latency bench: flite reads sentences (CMU voices slt, rms,
// awb, kal16) as 16 kHz mono PCM, ffmpeg writes them in a compressed source format, and a sender streams
// the bytes over a voice WebSocket at the audio's own pace in small chunks, as a live microphone would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECOGNIZER_BYTES_PER_MS } from '../../src/engine/speech/speech-recognizer.js';
import { detectSpeechTools, type SpeechTools } from '../../src/engine/speech/speech-tools.js';

const REPO_VENV_PYTHON = fileURLToPath(new URL('../../../../.local/speech-venv/bin/python3', import.meta.url));

/** The speech tools `npm test` installs (TRANSLATOR_SPEECH_PYTHON, else the repository's .local/speech-venv). */
export function speechToolsForTests(): SpeechTools {
  return detectSpeechTools({ python: process.env.TRANSLATOR_SPEECH_PYTHON ?? REPO_VENV_PYTHON, ffmpeg: 'ffmpeg', espeak: 'espeak-ng' });
}

/** The sentence read by the flite voice, as 16 kHz mono s16le PCM (flite's WAV without its 44-byte header). */
export function flitePcm(text: string, voice = 'slt'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'translator-flite-'));
  try {
    const path = join(dir, 'speech.wav');
    execFileSync('flite', ['-voice', voice, '-t', text, '-o', path]);
    return readFileSync(path).subarray(44);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds of 16 kHz PCM silence. */
export function pcmSilence(ms: number): Buffer {
  return Buffer.alloc(Math.round(ms * RECOGNIZER_BYTES_PER_MS));
}

export function pcmDurationMs(pcm: Buffer): number {
  return pcm.length / RECOGNIZER_BYTES_PER_MS;
}

/** 16 kHz PCM as Ogg Opus with a page every 100 ms, so a live stream's pages come as the audio goes. */
export function oggOpus(pcm: Buffer): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      's16le',
      '-ar',
      '16000',
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-c:a',
      'libopus',
      '-b:a',
      '32k',
      '-page_duration',
      '100000',
      '-f',
      'ogg',
      'pipe:1',
    ],
    { input: pcm, maxBuffer: 64 * 1024 * 1024 },
  );
}

/**
 * Sends `bytes` (audio lasting `durationMs`) in chunks of `chunkMs` worth of bytes, one chunk every `chunkMs`
 * of wall time: a live speaker. `send` gets each chunk.
 */
export async function sendRealTime(send: (chunk: Buffer) => void, bytes: Buffer, durationMs: number, chunkMs = 100): Promise<void> {
  const chunks = Math.max(1, Math.ceil(durationMs / chunkMs));
  // Even, so raw 16-bit PCM chunks hold whole samples.
  const chunkBytes = Math.ceil(bytes.length / chunks / 2) * 2;
  const started = Date.now();
  for (let index = 0; index < chunks; index++) {
    const chunk = bytes.subarray(index * chunkBytes, (index + 1) * chunkBytes);
    if (chunk.length > 0) send(chunk);
    // Paced against the start, so a late timer does not stretch the whole stream.
    const wait = started + (index + 1) * chunkMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Share of the sentence's words (three letters or more) the text holds. */
export function contentWordsHeard(sentence: string, heard: string): number {
  const words = (text: string) => text.toLowerCase().match(/[a-z']+/g) ?? [];
  const got = new Set(words(heard));
  const want = words(sentence).filter((word) => word.length >= 3);
  return want.filter((word) => got.has(word)).length / want.length;
}
