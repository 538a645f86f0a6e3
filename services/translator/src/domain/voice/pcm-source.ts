// Raw PCM source formats (s16le at 8, 16, 44.1 or 48 kHz; G.711 A-law and µ-law at 8 kHz) turned into the
// recognizer's layout (s16le mono 16 kHz) in-process: no decoder process is needed for them.
import { RECOGNIZER_SAMPLE_RATE } from '../../engine/speech/speech-recognizer.js';

export interface PcmLayout {
  encoding: 's16le' | 'alaw' | 'ulaw';
  rate: number;
  /** Bytes per sample (the frame of one channel): chunks must be whole frames. */
  frameBytes: number;
}

/** The layout of `audio/pcm;encoding=...;rate=...`, undefined for any other type. */
export function pcmLayout(contentType: string): PcmLayout | undefined {
  const match = /^audio\/pcm;encoding=(s16le|alaw|ulaw);rate=(\d+)$/.exec(contentType);
  if (!match) return undefined;
  const encoding = match[1] as PcmLayout['encoding'];
  return { encoding, rate: Number(match[2]), frameBytes: encoding === 's16le' ? 2 : 1 };
}

export function pcmDurationMs(layout: PcmLayout, bytes: number): number {
  return (bytes / layout.frameBytes / layout.rate) * 1000;
}

function alawToLinear(value: number): number {
  const a = value ^ 0x55;
  const exponent = (a & 0x70) >> 4;
  let sample = (a & 0x0f) << 4;
  sample += exponent === 0 ? 8 : 0x108;
  if (exponent > 1) sample <<= exponent - 1;
  return a & 0x80 ? sample : -sample;
}

function ulawToLinear(value: number): number {
  const u = ~value & 0xff;
  let sample = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
  sample -= 0x84;
  return u & 0x80 ? -sample : sample;
}

/** Converts chunk after chunk; linear interpolation carries its position across chunk boundaries. */
export class PcmConverter {
  private readonly step: number;
  private position = 0;
  private previous = 0;

  constructor(private readonly layout: PcmLayout) {
    this.step = layout.rate / RECOGNIZER_SAMPLE_RATE;
  }

  convert(chunk: Buffer): Buffer {
    const samples = this.samples(chunk);
    if (this.layout.encoding === 's16le' && this.layout.rate === RECOGNIZER_SAMPLE_RATE) return chunk;
    const out: number[] = [];
    // position: where the next output sample falls, counted from the previous chunk's last sample (index -1).
    while (this.position < samples.length - 1 + 1e-9) {
      const index = Math.floor(this.position);
      const fraction = this.position - index;
      const left = index < 0 ? this.previous : samples[index]!;
      const right = index + 1 < samples.length ? samples[index + 1]! : left;
      out.push(Math.round(left + (right - left) * fraction));
      this.position += this.step;
    }
    this.position -= samples.length;
    if (samples.length > 0) this.previous = samples[samples.length - 1]!;
    const buffer = Buffer.alloc(out.length * 2);
    out.forEach((sample, index) => buffer.writeInt16LE(Math.max(-32768, Math.min(32767, sample)), index * 2));
    return buffer;
  }

  private samples(chunk: Buffer): number[] {
    const { encoding } = this.layout;
    if (encoding === 's16le') return Array.from({ length: chunk.length >> 1 }, (_, index) => chunk.readInt16LE(index * 2));
    return Array.from(chunk, encoding === 'alaw' ? alawToLinear : ulawToLinear);
  }
}
