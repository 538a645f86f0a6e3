// The whole decoded file through a recognizer of the pool (at the recognizer's own speed, not the audio's),
// going on from where a previous attempt's concluded segments reached: `progress` is what the worker
// checkpoints with each lease renewal, so a job taken over after a restart does not start again at zero.
import { RECOGNIZER_BYTES_PER_MS, type SpeechRecognizer, type SpokenTerm } from '../../engine/speech/speech-recognizer.js';
import type { RecognizedSegment } from './voice-job-record.js';

// One second of audio per write, yielding between writes so that the recognizer's output is read as it comes.
const CHUNK_BYTES = 1000 * RECOGNIZER_BYTES_PER_MS;

export interface RecognitionProgress {
  recognizedMs: number;
  segments: RecognizedSegment[];
}

export async function recognizeSource(
  recognizer: SpeechRecognizer,
  pcm: Buffer,
  options: { language: string; terms?: SpokenTerm[]; progress: RecognitionProgress; signal: AbortSignal },
): Promise<RecognizedSegment[]> {
  const { progress, signal } = options;
  const durationMs = Math.floor(pcm.length / RECOGNIZER_BYTES_PER_MS);
  if (progress.recognizedMs >= durationMs) return progress.segments;
  const offsetMs = progress.recognizedMs;
  const stream = await recognizer.open({
    language: options.language,
    ...(options.terms ? { terms: options.terms } : {}),
    listener: {
      tentative: () => undefined,
      concluded: (speech) => {
        const text = speech.text.trim();
        if (text) progress.segments.push({ text, startMs: speech.startMs + offsetMs, endMs: speech.endMs + offsetMs });
        progress.recognizedMs = Math.max(progress.recognizedMs, speech.endMs + offsetMs);
      },
    },
  });
  try {
    for (let at = offsetMs * RECOGNIZER_BYTES_PER_MS; at < pcm.length; at += CHUNK_BYTES) {
      signal.throwIfAborted();
      stream.write(pcm.subarray(at, Math.min(at + CHUNK_BYTES, pcm.length)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    signal.throwIfAborted();
    // A recognizer that never concludes does not hold the worker past its lease or its shutdown.
    await Promise.race([stream.finish(), whenAborted(signal)]);
  } catch (error) {
    stream.abort();
    throw error;
  }
  progress.recognizedMs = durationMs;
  return progress.segments;
}

function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
