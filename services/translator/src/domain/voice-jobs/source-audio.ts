// The uploaded file read with ffmpeg: probed at upload (is it audio, how long), decoded whole by the
// worker to the recognizer's PCM (16 kHz mono s16le). A temporary file rather than a pipe, so that
// containers with their index at the end (mp4) are read too.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECOGNIZER_SAMPLE_RATE } from '../../engine/speech/speech-recognizer.js';
import { runProgram } from '../../engine/speech/run-program.js';

const PROBE_TIMEOUT_MS = 60_000;
const DECODE_TIMEOUT_MS = 30 * 60_000;

export class UnreadableAudio extends Error {
  override readonly name = 'UnreadableAudio';
}

async function withFile<T>(file: Buffer, work: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'translator-voice-'));
  try {
    const path = join(dir, 'source');
    await writeFile(path, file);
    return await work(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Milliseconds of audio in the file; UnreadableAudio when ffmpeg finds no audio in it. */
export function probeDurationMs(file: Buffer, ffprobe = 'ffprobe'): Promise<number> {
  return withFile(file, async (path) => {
    let answer: { streams?: Array<{ codec_type?: string }>; format?: { duration?: string; format_name?: string } };
    try {
      const output = await runProgram(
        ffprobe,
        ['-v', 'error', '-show_entries', 'format=duration,format_name:stream=codec_type', '-of', 'json', path],
        Buffer.alloc(0),
        { timeoutMs: PROBE_TIMEOUT_MS },
      );
      answer = JSON.parse(output.toString('utf8'));
    } catch {
      throw new UnreadableAudio('the file is not a readable audio file');
    }
    if (!answer.streams?.some((stream) => stream.codec_type === 'audio')) throw new UnreadableAudio('the file holds no audio stream');
    const seconds = Number(answer.format?.duration);
    if (!Number.isFinite(seconds) || seconds <= 0) throw new UnreadableAudio("the file's duration cannot be read");
    return Math.round(seconds * 1000);
  });
}

/** The whole file as the recognizer takes it: signed 16-bit little-endian mono PCM at 16 kHz. */
export function decodeToRecognizerPcm(file: Buffer, signal?: AbortSignal, ffmpeg = 'ffmpeg'): Promise<Buffer> {
  return withFile(file, async (path) => {
    try {
      return await runProgram(
        ffmpeg,
        ['-v', 'error', '-i', path, '-vn', '-ac', '1', '-ar', String(RECOGNIZER_SAMPLE_RATE), '-f', 's16le', 'pipe:1'],
        Buffer.alloc(0),
        { timeoutMs: DECODE_TIMEOUT_MS, ...(signal ? { signal } : {}) },
      );
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new UnreadableAudio(`the audio could not be decoded (${error instanceof Error ? error.message : String(error)})`);
    }
  });
}
