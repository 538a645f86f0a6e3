// Real audio for the speech tests: flite speaks a sentence (CMU voices slt, rms, awb, kal16) as 16 kHz mono
// WAV; its PCM is fed to a recognizer at the audio's own pace, in small chunks.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECOGNIZER_BYTES_PER_MS, type RecognitionStream } from '../../src/engine/speech/speech-recognizer.js';
import { detectSpeechTools, type SpeechTools } from '../../src/engine/speech/speech-tools.js';

const REPO_VENV_PYTHON = fileURLToPath(new URL('../../../../.local/speech-venv/bin/python3', import.meta.url));

/** The speech tools npm test installs (TRANSLATOR_SPEECH_PYTHON, else the repository's .local/speech-venv). */
export function testSpeechTools(): SpeechTools {
  return detectSpeechTools({ python: process.env.TRANSLATOR_SPEECH_PYTHON ?? REPO_VENV_PYTHON, ffmpeg: 'ffmpeg', espeak: 'espeak-ng' });
}

const directory = mkdtempSync(join(tmpdir(), 'translator-speech-test-'));
let files = 0;

/** A WAV file of the sentence spoken by the flite voice. */
export function speakWav(text: string, voice = 'slt'): string {
  const path = join(directory, `speech-${files++}.wav`);
  execFileSync('flite', ['-voice', voice, '-t', text, '-o', path]);
  return path;
}

/** The sentence as the recognizer's PCM (flite's WAV is 16 kHz mono s16le already; its 44-byte header dropped). */
export function speakPcm(text: string, voice = 'slt'): Buffer {
  return readFileSync(speakWav(text, voice)).subarray(44);
}

/** Writes the PCM in 100 ms chunks at real-time pace (a live speaker), then a second of silence. */
export async function feedRealTime(stream: RecognitionStream, pcm: Buffer, chunkMs = 100): Promise<void> {
  const chunkBytes = chunkMs * RECOGNIZER_BYTES_PER_MS;
  const audio = Buffer.concat([pcm, Buffer.alloc(1000 * RECOGNIZER_BYTES_PER_MS)]);
  for (let offset = 0; offset < audio.length; offset += chunkBytes) {
    stream.write(audio.subarray(offset, offset + chunkBytes));
    await new Promise((resolve) => setTimeout(resolve, chunkMs));
  }
}

/** Share of the expected words that appear in the heard text. */
export function wordsHeard(expected: string, heard: string): number {
  const words = (text: string) => text.toLowerCase().match(/[a-z']+/g) ?? [];
  const got = new Set(words(heard));
  const want = words(expected);
  return want.filter((word) => got.has(word)).length / want.length;
}
