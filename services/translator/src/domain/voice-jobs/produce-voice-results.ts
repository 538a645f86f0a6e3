// A recognized job's outputs, one per target: its language's translation of every segment (once per
// language, however many targets share it), written as a transcript, subtitles or translated speech.
// A target that cannot be produced fails alone, with a message; the others complete.
import { normalizeCode } from '../languages/language-catalog.js';
import type { TranslateTextsDeps } from '../translation/translate-texts.js';
import type { SpeechSynthesizer } from '../../engine/speech/synthesize-speech.js';
import { spokenTranslation } from './spoken-translation.js';
import { plainTranscript, subRip, type TimedText } from './transcript-files.js';
import { translateTranscript } from './translate-transcript.js';
import type { RecognizedSegment, StoredTarget, VoiceJobOptions } from './voice-job-record.js';

export interface ProducedResult {
  output?: Buffer;
  error?: string;
}

export async function produceVoiceResults(
  deps: TranslateTextsDeps & { synthesizer: SpeechSynthesizer },
  job: { sourceLanguage: string; targets: StoredTarget[]; options: VoiceJobOptions; durationMs: number },
  segments: RecognizedSegment[],
  signal: AbortSignal,
  describeFailure: (error: unknown) => string,
): Promise<ProducedResult[]> {
  const translations = new Map<string, Promise<TimedText[]>>();
  const translatedInto = (language: string) => {
    let translation = translations.get(language);
    if (!translation) {
      translation = translateTranscript(
        deps,
        segments.map((segment) => segment.text),
        { source: job.sourceLanguage, target: language },
        job.options,
        signal,
      ).then((texts) => segments.map((segment, index) => ({ ...segment, text: texts[index]! })));
      translations.set(language, translation);
    }
    return translation;
  };
  return Promise.all(
    job.targets.map(async (target): Promise<ProducedResult> => {
      try {
        const language = normalizeCode(target.language);
        const timed = await translatedInto(language);
        if (target.type === 'text/plain') return { output: plainTranscript(timed) };
        if (target.type === 'application/x-subrip') return { output: subRip(timed) };
        return {
          output: await spokenTranslation(deps.synthesizer, timed, {
            language,
            contentType: target.type,
            durationMs: job.durationMs,
            signal,
            ...(job.options.voice ? { voice: job.options.voice } : {}),
          }),
        };
      } catch (error) {
        signal.throwIfAborted();
        return { error: describeFailure(error) };
      }
    }),
  );
}
