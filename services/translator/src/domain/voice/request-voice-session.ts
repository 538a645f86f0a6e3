// POST /v3/voice/realtime after parsing: everything that can refuse a session does so here, before a token
// exists (offline recognition hears English only; formats, translated-speech voices, spoken terms, glossary,
// targets, the key's speech quota).
import type { VoiceGateway } from '../../engine/deepl/deepl-voice.js';
import type { AuthenticatedKey } from '../keys/api-key.js';
import type { TranslateTextsDeps } from '../translation/translate-texts.js';
import { TranslatorError } from '../translator-error.js';
import type { SpeechMeter } from '../usage/speech-meter.js';
import { engineTarget, prepareSegmentTranslator } from './segment-translator.js';
import type { VoiceSessionRequest } from './session-configuration.js';
import { sourceTypeProblem } from './source-audio.js';
import type { VoiceRuntime } from './voice-runtime.js';

export interface RequestVoiceSessionDeps extends TranslateTextsDeps {
  voice: VoiceRuntime;
  speechMeter: SpeechMeter;
}

export async function requestVoiceSession(
  deps: RequestVoiceSessionDeps,
  configuration: VoiceSessionRequest,
  context: { key: AuthenticatedKey; reportingTag: string | undefined; body: Record<string, unknown> },
): Promise<{ sessionId: string; token: string }> {
  if (deps.voice.gateway) return requestUpstreamSession(deps, deps.voice.gateway, configuration, context);
  const { recognizer } = deps.voice;
  if (!recognizer)
    throw new TranslatorError('UNAVAILABLE', 'Speech recognition is not available on this service: no recognizer is configured.', 60);
  const language = (configuration.source_language ?? 'en').toUpperCase();
  if (!recognizer.languages.includes(language)) {
    throw new TranslatorError(
      'BAD_REQUEST',
      `Value for 'source_language' not supported: '${configuration.source_language}'. Offline speech recognition hears ${recognizer.languages.join(', ')} only (the model that ships); run the service with TRANSLATOR_ENGINE=deepl for other languages.`,
    );
  }
  const formatProblem = sourceTypeProblem(configuration.source_media_content_type, deps.voice.ffmpeg);
  if (formatProblem) throw new TranslatorError('BAD_REQUEST', formatProblem);
  for (const tag of configuration.target_media_languages) {
    if (!deps.voice.synthesizer)
      throw new TranslatorError(
        'BAD_REQUEST',
        "Translated speech ('target_media_languages') is not available on this service: espeak-ng is not configured.",
      );
    if (!deps.voice.synthesizer.speaks(engineTarget(tag)))
      throw new TranslatorError('BAD_REQUEST', `Value for 'target_media_languages' not supported: no voice speaks '${tag}' here.`);
  }
  if (configuration.spoken_terms_id !== undefined) {
    if (!deps.voice.loadSpokenTerms)
      throw new TranslatorError('BAD_REQUEST', "Spoken terms ('spoken_terms_id') are not available on this service.");
    await deps.voice.loadSpokenTerms(configuration.spoken_terms_id, language);
  }
  await deps.speechMeter.assertAvailable(context.key.id);
  await prepareSegmentTranslator(deps, configuration, language);
  const session = await deps.voice.store.create({ keyId: context.key.id, reportingTag: context.reportingTag, configuration });
  return { sessionId: session.id, token: session.token };
}

// Gateway mode: the upstream hears and translates (every DeepL language), and answers its own refusals; the
// key's speech quota is this service's, checked first. The client gets a token of this service, whose
// WebSocket relays to the upstream's.
async function requestUpstreamSession(
  deps: RequestVoiceSessionDeps,
  gateway: VoiceGateway,
  configuration: VoiceSessionRequest,
  context: { key: AuthenticatedKey; reportingTag: string | undefined; body: Record<string, unknown> },
): Promise<{ sessionId: string; token: string }> {
  await deps.speechMeter.assertAvailable(context.key.id);
  const upstream = await gateway.requestSession(context.body);
  const session = await deps.voice.store.create({
    keyId: context.key.id,
    reportingTag: context.reportingTag,
    configuration: { ...configuration, upstream: { streaming_url: upstream.streamingUrl, token: upstream.token } },
  });
  return { sessionId: session.id, token: session.token };
}
