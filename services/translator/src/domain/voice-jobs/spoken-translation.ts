// Translated speech of a whole job: each translated segment spoken by espeak-ng and placed where its
// source segment started (or right after the previous one, when a translation speaks longer), over
// silence as long as the source, then written in the target's format.
import type { SpeechSynthesizer } from '../../engine/speech/synthesize-speech.js';
import { outputFormatOf } from '../../engine/speech/speech-output-formats.js';
import type { SpeechVoice } from '../../engine/speech/speech-voices.js';
import type { TimedText } from './transcript-files.js';

export async function spokenTranslation(
  synthesizer: SpeechSynthesizer,
  segments: TimedText[],
  options: { language: string; voice?: SpeechVoice; contentType: string; durationMs: number; signal?: AbortSignal },
): Promise<Buffer> {
  const format = outputFormatOf(options.contentType);
  if (!format) throw new Error(`no audio format ${options.contentType}`);
  const bytesPerMs = (format.rate * 2) / 1000;
  const spoken = await Promise.all(
    segments.map((segment) =>
      synthesizer.speakPcm({
        text: segment.text,
        language: options.language,
        rate: format.rate,
        ...(options.voice ? { voice: options.voice } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    ),
  );
  const placed: Array<{ at: number; pcm: Buffer }> = [];
  let cursor = 0;
  segments.forEach((segment, index) => {
    const at = Math.max(cursor, evenBytes(segment.startMs * bytesPerMs));
    placed.push({ at, pcm: spoken[index]! });
    cursor = at + spoken[index]!.length;
  });
  const timeline = Buffer.alloc(Math.max(cursor, evenBytes(options.durationMs * bytesPerMs)));
  for (const { at, pcm } of placed) pcm.copy(timeline, at);
  return synthesizer.encode(timeline, format.rate, options.contentType, options.signal);
}

function evenBytes(bytes: number): number {
  return Math.floor(bytes / 2) * 2;
}
