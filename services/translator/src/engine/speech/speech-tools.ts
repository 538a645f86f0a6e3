// The programs offline speech needs, found once at boot: a Python with the pocketsphinx wheel (the
// recognizer and its US English model), ffmpeg (compressed audio) and espeak-ng (pronunciations of
// spoken terms the dictionary lacks). Missing ones do not stop the service: the voice routes answer a
// clear error naming what to install (`unavailableReason`).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface SpeechToolPaths {
  python: string;
  ffmpeg: string;
  espeak: string;
}

export interface SpeechTools {
  paths: SpeechToolPaths;
  /** The recognizer's worker script (shipped beside dist/, in speech/). */
  workerScript: string;
  /** pocketsphinx imports in `paths.python`. */
  recognizer: boolean;
  /** ffmpeg runs: compressed source formats decode. */
  decoder: boolean;
  /** espeak-ng runs: spoken terms the dictionary lacks get pronunciations. */
  phonemizer: boolean;
}

export const DEFAULT_SPEECH_TOOL_PATHS: SpeechToolPaths = { python: 'python3', ffmpeg: 'ffmpeg', espeak: 'espeak-ng' };

export const RECOGNIZER_WORKER_SCRIPT = fileURLToPath(new URL('../../../speech/recognizer-worker.py', import.meta.url));

export function detectSpeechTools(paths: SpeechToolPaths = DEFAULT_SPEECH_TOOL_PATHS): SpeechTools {
  return {
    paths,
    workerScript: RECOGNIZER_WORKER_SCRIPT,
    recognizer: runs(paths.python, ['-c', 'import pocketsphinx']),
    decoder: runs(paths.ffmpeg, ['-hide_banner', '-version']),
    phonemizer: runs(paths.espeak, ['--version']),
  };
}

/** Why offline recognition cannot run here, or undefined when it can. */
export function recognizerUnavailableReason(tools: SpeechTools): string | undefined {
  if (tools.recognizer) return undefined;
  return (
    `Offline speech recognition is not installed: ${tools.paths.python} cannot import pocketsphinx. ` +
    'Install the pocketsphinx wheel (pip install pocketsphinx==5.1.1) in a virtualenv and set TRANSLATOR_SPEECH_PYTHON to its python3, ' +
    'or use TRANSLATOR_ENGINE=deepl.'
  );
}

/** Why a compressed source format cannot be decoded here, or undefined when it can. */
export function decoderUnavailableReason(tools: SpeechTools): string | undefined {
  return tools.decoder ? undefined : `Compressed audio cannot be decoded here: ffmpeg is not installed (Debian package ffmpeg).`;
}

function runs(program: string, args: string[]): boolean {
  try {
    execFileSync(program, args, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}
