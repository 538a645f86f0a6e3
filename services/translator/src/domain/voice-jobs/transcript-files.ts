// The text outputs of a voice job: a plain transcript (one concluded segment a line) and SRT subtitles
// carrying the source's timings.

export interface TimedText {
  text: string;
  startMs: number;
  endMs: number;
}

export function plainTranscript(segments: TimedText[]): Buffer {
  return Buffer.from(segments.map((segment) => `${segment.text}\n`).join(''), 'utf8');
}

export function subRip(segments: TimedText[]): Buffer {
  const blocks = segments.map(
    (segment, index) =>
      `${index + 1}\n${timecode(segment.startMs)} --> ${timecode(Math.max(segment.endMs, segment.startMs))}\n${segment.text}\n`,
  );
  return Buffer.from(blocks.join('\n'), 'utf8');
}

/** `HH:MM:SS,mmm` */
export function timecode(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)},${pad(total % 1000, 3)}`;
}
