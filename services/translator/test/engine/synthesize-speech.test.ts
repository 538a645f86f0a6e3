// Translated speech with the real espeak-ng and ffmpeg: every language listed is spoken, both voices
// differ, every DeepL format decodes, and the number of processes at once stays bounded.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { SPEECH_CONTENT_TYPES } from '../../src/engine/speech/speech-output-formats.js';
import { SpeechSynthesizer, speechVoices } from '../../src/engine/speech/synthesize-speech.js';

const dir = mkdtempSync(join(tmpdir(), 'speech-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function probe(audio: Buffer, rawFormat?: string): { codec: string; rate: number; seconds: number } {
  const path = join(dir, `probe-${Math.random().toString(36).slice(2)}`);
  writeFileSync(path, audio);
  const input = rawFormat ? ['-f', rawFormat.split(':')[0]!, '-ar', rawFormat.split(':')[1]!, '-ac', '1'] : [];
  const json = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', ...input, '-show_entries', 'stream=codec_name,sample_rate', '-of', 'json', path]).toString(),
  );
  // A whole decode proves the audio itself is readable (containers written to a pipe carry no duration).
  const decoded = execFileSync('ffmpeg', ['-v', 'error', ...input, '-i', path, '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return { codec: json.streams[0].codec_name, rate: Number(json.streams[0].sample_rate), seconds: decoded.length / 32_000 };
}

describe('speechVoices', () => {
  it('lists a male and a female voice for every language, DeepL codes included', () => {
    const voices = speechVoices();
    expect(voices.map((voice) => voice.language)).toEqual(expect.arrayContaining(['DE', 'ES', 'FR', 'EN-GB', 'PT-BR', 'ZH']));
    for (const voice of voices) expect(voice.voices).toEqual(['male', 'female']);
  });
});

describe('SpeechSynthesizer', () => {
  const synthesizer = new SpeechSynthesizer({ maxProcesses: 2 });

  it('speaks every listed language as PCM of a plausible length', async () => {
    const results = await Promise.all(
      speechVoices().map(async ({ language }) => ({
        language,
        pcm: await synthesizer.speakPcm({ text: 'one two three', language, rate: 16_000 }),
      })),
    );
    for (const { language, pcm } of results) {
      // Half a second at least, and whole samples.
      expect({ language, enough: pcm.length > 16_000 }).toEqual({ language, enough: true });
      expect(pcm.length % 2).toBe(0);
    }
  }, 120_000);

  it('gives the male and the female voice different audio', async () => {
    const male = await synthesizer.speakPcm({ text: 'Guten Morgen', language: 'DE', voice: 'male', rate: 16_000 });
    const female = await synthesizer.speakPcm({ text: 'Guten Morgen', language: 'DE', voice: 'female', rate: 16_000 });
    expect(male.equals(female)).toBe(false);
  }, 60_000);

  it('writes every DeepL target media format so that ffmpeg decodes it', async () => {
    for (const contentType of SPEECH_CONTENT_TYPES) {
      const audio = await synthesizer.synthesize({ text: 'Das Wetter ist heute schön.', language: 'DE', contentType });
      const pcm = /^audio\/pcm;encoding=(\w+);rate=(\d+)$/.exec(contentType);
      const raw = pcm ? `${{ s16le: 's16le', ulaw: 'mulaw', alaw: 'alaw' }[pcm[1]!]}:${pcm[2]}` : undefined;
      const info = probe(audio, raw);
      expect({ contentType, rate: info.rate }).toEqual({ contentType, rate: pcm ? Number(pcm[2]) : expect.any(Number) });
      expect({ contentType, long: info.seconds > 0.5 }).toEqual({ contentType, long: true });
    }
  }, 180_000);

  it('runs at most maxProcesses syntheses at once and serves the others in turn', async () => {
    const one = new SpeechSynthesizer({ maxProcesses: 1, espeak: join(dir, 'counting-espeak.sh') });
    writeFileSync(
      join(dir, 'counting-espeak.sh'),
      `#!/bin/sh\nexec 9>>${dir}/running.log\necho start >&9\nespeak-ng "$@"\nstatus=$?\necho end >&9\nexit $status\n`,
      { mode: 0o755 },
    );
    await Promise.all(['one', 'two', 'three'].map((text) => one.speakPcm({ text, language: 'EN', rate: 16_000 })));
    const log = execFileSync('cat', [join(dir, 'running.log')])
      .toString()
      .trim()
      .split('\n');
    expect(log).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
  }, 60_000);

  it('refuses a language no voice speaks', async () => {
    await expect(synthesizer.speakPcm({ text: 'hello', language: 'XX', rate: 16_000 })).rejects.toThrow("No voice speaks 'XX'");
  });
});
