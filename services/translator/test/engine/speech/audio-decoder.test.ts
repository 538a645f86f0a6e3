// Source audio to the recognizer's PCM with real ffmpeg: Ogg/Opus, MP3 and 8 kHz PCM made from flite's
// speech decode (streamed in small chunks) to 16 kHz PCM of about the same length; the content types DeepL
// documents parse and others are refused naming the supported ones; an aborted decoder leaves no process.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { decodeAudioFile, openAudioDecoder } from '../../../src/engine/speech/audio-decoder.js';
import { parseSourceMediaType, sourceMediaTypeProblem } from '../../../src/engine/speech/source-media-type.js';
import { RECOGNIZER_BYTES_PER_MS } from '../../../src/engine/speech/speech-recognizer.js';
import { speakWav } from '../../helpers/speech-audio.js';

function convert(wav: string, args: string[], extension: string): Buffer {
  const out = `${wav}.${extension}`;
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', wav, ...args, out]);
  return readFileSync(out);
}

async function decodeStreamed(contentType: string, file: Buffer): Promise<Buffer> {
  const pieces: Buffer[] = [];
  const decoder = openAudioDecoder(parseSourceMediaType(contentType), 'ffmpeg', (pcm) => pieces.push(pcm));
  for (let offset = 0; offset < file.length; offset += 1000) decoder.write(file.subarray(offset, offset + 1000));
  await decoder.end();
  return Buffer.concat(pieces);
}

const wav = speakWav('The weather is nice today and the dog is happy.');
const sourceMs = (readFileSync(wav).length - 44) / RECOGNIZER_BYTES_PER_MS;

describe('audio decoding', () => {
  it.each([
    ['audio/ogg;codecs=opus', ['-c:a', 'libopus', '-b:a', '32k'], 'ogg'],
    ['audio/webm; codecs=opus', ['-c:a', 'libopus', '-b:a', '32k'], 'webm'],
    ['audio/mpeg', ['-c:a', 'libmp3lame', '-b:a', '64k'], 'mp3'],
    ['audio/flac', [], 'flac'],
    ['audio/auto', ['-c:a', 'libopus'], 'ogg'],
    ['audio/pcm;encoding=s16le;rate=8000', ['-f', 's16le', '-ar', '8000', '-ac', '1'], 'raw'],
  ])(
    'decodes %s streamed in chunks to 16 kHz PCM of the same duration',
    async (contentType, args, extension) => {
      const pcm = await decodeStreamed(contentType, convert(wav, args, extension));
      expect(Math.abs(pcm.length / RECOGNIZER_BYTES_PER_MS - sourceMs)).toBeLessThan(150);
    },
    60_000,
  );

  it('passes 16 kHz PCM through unchanged, whole samples only', async () => {
    const pcm = readFileSync(wav).subarray(44);
    const pieces: Buffer[] = [];
    const decoder = openAudioDecoder(parseSourceMediaType('audio/pcm;encoding=s16le;rate=16000'), 'ffmpeg', (piece) => pieces.push(piece));
    for (let offset = 0; offset < pcm.length; offset += 333) decoder.write(pcm.subarray(offset, offset + 333));
    await decoder.end();
    expect(pieces.every((piece) => piece.length % 2 === 0)).toBe(true);
    expect(Buffer.concat(pieces).equals(pcm.subarray(0, pcm.length - (pcm.length % 2)))).toBe(true);
  });

  it('decodes a whole WAV or MP3 file', async () => {
    const fromWav = await decodeAudioFile(readFileSync(wav), 'ffmpeg');
    const fromMp3 = await decodeAudioFile(convert(wav, ['-c:a', 'libmp3lame'], 'mp3'), 'ffmpeg', parseSourceMediaType('audio/mpeg'));
    expect(Math.abs(fromWav.length / RECOGNIZER_BYTES_PER_MS - sourceMs)).toBeLessThan(50);
    expect(Math.abs(fromMp3.length / RECOGNIZER_BYTES_PER_MS - sourceMs)).toBeLessThan(150);
  }, 60_000);

  it('rejects audio that is not the declared format with a 400-type error', async () => {
    await expect(decodeStreamed('audio/ogg;codecs=opus', Buffer.from('this is not audio at all'.repeat(50)))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  }, 60_000);

  it('kills the ffmpeg child of an aborted stream', async () => {
    const decoder = openAudioDecoder(parseSourceMediaType('audio/mpeg'), 'ffmpeg', () => undefined);
    decoder.write(convert(wav, ['-c:a', 'libmp3lame'], 'mp3').subarray(0, 2000));
    decoder.abort();
    await expect(decoder.end()).resolves.toBeUndefined();
  }, 60_000);

  it('accepts the content types DeepL documents and names the supported ones for others', () => {
    for (const type of [
      'audio/auto',
      'audio/x-matroska;codecs=aac',
      'audio/pcm;encoding=ulaw;rate=8000',
      'audio/pcm; encoding=s16le; rate=48000',
    ])
      expect(sourceMediaTypeProblem(type)).toBeUndefined();
    expect(sourceMediaTypeProblem('audio/wav')).toMatch(/'audio\/wav' is not a supported audio type.*Supported: audio\/auto/);
    expect(sourceMediaTypeProblem('audio/pcm;encoding=s16le;rate=22050')).toMatch(/rate=8000, 16000, 44100, 48000/);
    expect(sourceMediaTypeProblem('audio/ogg;codecs=vorbis')).toMatch(/codecs flac, opus/);
  });
});
