// Peer (b): the engine's own limit. One warm eng-spa chain built by our own code (mode-file.ts, pipeline.ts,
// format.ts), no HTTP: every text is written at once, so writes run ahead of reads and the chain never idles.
// Its processes run as Debian ships them, with the system malloc; `preload` gives them another one (the
// service preloads tcmalloc: stage-allocator.ts), for the diagnostic of what the service itself costs.
import { performance } from 'node:perf_hooks';
import { fromStream, isCompleteOutput, toStream } from '@workspace/translator/apertium/format';
import { DEFAULT_MODES_DIR, readModeFile } from '@workspace/translator/apertium/mode-file';
import { Pipeline } from '@workspace/translator/apertium/pipeline';
import { joinChunks, splitSentences } from '@workspace/translator/apertium/text-chunks';
import { summarize, type ClientLoadResult } from './client-load.js';

export interface RawPipeline {
  /** Translates every text, all in flight at once; throws if any comes back empty. */
  run(texts: string[]): Promise<ClientLoadResult>;
  /** One text, for driving the chain the way HTTP clients would (one text each in flight). */
  translate(text: string): Promise<string>;
  /** One text written a sentence per segment, as the service writes plain text (text-chunks.ts). */
  translateBySentence(text: string): Promise<string>;
  pids(): number[];
  close(): Promise<void>;
}

export async function startRawPipeline(options: { mode?: string; preload?: string } = {}): Promise<RawPipeline> {
  const commands = await readModeFile(`${DEFAULT_MODES_DIR}/${options.mode ?? 'eng-spa'}.mode`);
  const pipeline = new Pipeline({ commands, isComplete: isCompleteOutput, preload: options.preload });
  // The chain starts on first use; one small segment brings it up before anything is timed.
  await pipeline.translate(toStream('Hello world.'));
  return {
    async run(texts) {
      const started = performance.now();
      const outputs = await Promise.all(texts.map((text) => pipeline.translate(toStream(text)).then(fromStream)));
      const seconds = (performance.now() - started) / 1000;
      const empty = outputs.findIndex((output) => output.trim() === '');
      if (empty >= 0) throw new Error(`raw pipeline returned nothing for text #${empty}: ${texts[empty]!.slice(0, 80)}`);
      return summarize(texts, seconds);
    },
    translate: (text) => pipeline.translate(toStream(text)).then(fromStream),
    async translateBySentence(text) {
      const pieces = splitSentences({ text, separator: '' });
      const translated = await Promise.all(pieces.map((piece) => pipeline.translate(toStream(piece.text)).then(fromStream)));
      return joinChunks(pieces, translated);
    },
    pids: () => pipeline.pids,
    close: () => pipeline.close(),
  };
}
