// Source audio to the recognizer's PCM (16 kHz mono s16le), as it streams in: 16 kHz PCM passes through;
// other PCM rates and encodings, and every compressed format, go through one ffmpeg child per stream,
// which is killed when the stream ends or is aborted. decodeAudioFile does the same for a whole file.
// No '-fflags nobuffer': with it ffmpeg 5.1 drops packets read from a pipe (half of 8 kHz PCM was lost).
import { spawn } from 'node:child_process';
import { TranslatorError } from '../../domain/translator-error.js';
import { runProgram } from './run-program.js';
import type { SourceMediaType } from './source-media-type.js';
import { RECOGNIZER_SAMPLE_RATE } from './speech-recognizer.js';

export interface AudioDecoder {
  write(chunk: Buffer): void;
  /** No more input: resolves once every PCM byte has been handed on (rejects if the audio did not decode). */
  end(): Promise<void>;
  /** Stops at once; the ffmpeg child, if any, is killed. */
  abort(): void;
}

const OUTPUT_ARGS = ['-f', 's16le', '-acodec', 'pcm_s16le', '-ac', '1', '-ar', String(RECOGNIZER_SAMPLE_RATE), 'pipe:1'];
const PCM_FORMATS = { s16le: 's16le', alaw: 'alaw', ulaw: 'mulaw' } as const;

function inputArgs(type: SourceMediaType): string[] {
  if (type.kind === 'pcm') return ['-f', PCM_FORMATS[type.encoding], '-ar', String(type.rate), '-ac', '1'];
  // Known containers start decoding from the first packets instead of probing seconds of audio.
  return type.format ? ['-f', type.format, '-probesize', '4096', '-analyzeduration', '0'] : [];
}

export function openAudioDecoder(type: SourceMediaType, ffmpeg: string, onPcm: (pcm: Buffer) => void): AudioDecoder {
  if (type.kind === 'pcm' && type.encoding === 's16le' && type.rate === RECOGNIZER_SAMPLE_RATE) return passThrough(onPcm);
  const child = spawn(
    ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-nostdin', ...inputArgs(type), '-i', 'pipe:0', '-flush_packets', '1', ...OUTPUT_ARGS],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  let aborted = false;
  child.stdin.on('error', () => undefined);
  child.stdout.on('data', (pcm: Buffer) => {
    if (!aborted) onPcm(pcm);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 2000) stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (error) =>
      reject(new TranslatorError('UNAVAILABLE', `The audio decoder could not start (${ffmpeg}: ${error.message}).`, 5)),
    );
    child.on('close', (code) => {
      if (code === 0 || aborted) resolve();
      else
        reject(
          new TranslatorError(
            'BAD_REQUEST',
            `The audio is not ${type.contentType}: ${stderr.trim().split('\n').at(-1) ?? 'it did not decode'}.`,
          ),
        );
    });
  });
  exited.catch(() => undefined);
  return {
    write(chunk) {
      if (!aborted && chunk.length > 0) child.stdin.write(chunk);
    },
    end() {
      child.stdin.end();
      return exited;
    },
    abort() {
      aborted = true;
      child.kill('SIGKILL');
    },
  };
}

function passThrough(onPcm: (pcm: Buffer) => void): AudioDecoder {
  let odd: Buffer | undefined;
  let aborted = false;
  return {
    // Whole samples only: a chunk may end in the middle of one.
    write(chunk) {
      if (aborted) return;
      const data = odd ? Buffer.concat([odd, chunk]) : chunk;
      const whole = data.length - (data.length % 2);
      odd = whole < data.length ? data.subarray(whole) : undefined;
      if (whole > 0) onPcm(data.subarray(0, whole));
    },
    end: async () => undefined,
    abort() {
      aborted = true;
    },
  };
}

/** A whole file (any source type, or WAV and the like when `type` is absent: ffmpeg probes it) as the recognizer's PCM. */
export async function decodeAudioFile(file: Buffer, ffmpeg: string, type?: SourceMediaType, timeoutMs = 10 * 60_000): Promise<Buffer> {
  try {
    return await runProgram(
      ffmpeg,
      ['-hide_banner', '-loglevel', 'error', '-nostdin', ...(type ? inputArgs(type) : []), '-i', 'pipe:0', ...OUTPUT_ARGS],
      file,
      {
        timeoutMs,
      },
    );
  } catch (error) {
    throw new TranslatorError('BAD_REQUEST', `The audio file could not be decoded: ${(error as Error).message}`);
  }
}
