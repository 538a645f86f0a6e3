// Translated speech of a session (DeepL's target_media_*, closed beta there): each concluded translated
// segment of a target_media_languages language spoken by espeak-ng in the session's voice and written in
// its target_media_content_type, as one target_media_chunk message. Every segment's `data` is one whole
// file of the content type (raw samples for PCM), so a player can start each segment on its own; the
// first message of a language carries `content_type`, each segment's first (only) message its `text`, and
// `duration` is the segment's playback milliseconds. The session's AbortSignal stops any synthesis running.
import { DEFAULT_SPEECH_CONTENT_TYPE, outputFormatOf } from '../../engine/speech/speech-output-formats.js';
import type { SpeechVoice } from '../../engine/speech/speech-voices.js';
import type { SpeechSynthesizer } from '../../engine/speech/synthesize-speech.js';
import { engineTarget } from './segment-translator.js';
import type { VoiceSessionRequest } from './session-configuration.js';
import type { ServerMessage } from './voice-messages.js';

export class TargetSpeech {
  private readonly contentType: string;
  private readonly languages: Set<string>;
  private readonly started = new Set<string>();

  constructor(
    private readonly synthesizer: SpeechSynthesizer,
    private readonly configuration: Pick<
      VoiceSessionRequest,
      'target_media_languages' | 'target_media_content_type' | 'target_media_voice'
    >,
    private readonly signal: AbortSignal,
  ) {
    this.contentType = configuration.target_media_content_type ?? DEFAULT_SPEECH_CONTENT_TYPE;
    this.languages = new Set(configuration.target_media_languages);
  }

  speaks(tag: string): boolean {
    return this.languages.has(tag);
  }

  /** The segment's translation spoken, as a target_media_chunk (undefined for a blank text). */
  async speak(text: string, tag: string): Promise<ServerMessage | undefined> {
    const format = outputFormatOf(this.contentType);
    if (!format || text.trim() === '') return undefined;
    const voice: SpeechVoice | undefined = this.configuration.target_media_voice;
    const pcm = await this.synthesizer.speakPcm({
      text,
      language: engineTarget(tag),
      rate: format.rate,
      signal: this.signal,
      ...(voice ? { voice } : {}),
    });
    if (pcm.length === 0) return undefined;
    const data = await this.synthesizer.encode(pcm, format.rate, this.contentType, this.signal);
    const first = !this.started.has(tag);
    this.started.add(tag);
    return {
      target_media_chunk: {
        language: tag,
        ...(first ? { content_type: this.contentType } : {}),
        data: [data],
        duration: Math.round((pcm.length / 2 / format.rate) * 1000),
        text,
      },
    };
  }
}
