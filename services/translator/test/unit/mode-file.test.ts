import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listModes, parseMode, splitPipeline } from '../../src/engine/apertium/mode-file.js';
import { findUnknownWords } from '../../src/engine/apertium/unknown-words.js';

const ENG_SPA =
  "lt-proc '/d/eng-spa.automorf.bin' | apertium-tagger -g $2 '/d/eng-spa.prob' | apertium-pretransfer | " +
  "lrx-proc -m '/d/eng-spa.autolex.bin' | lt-proc $1 '/d/eng-spa.autogen.bin' | lt-proc -p '/d/eng-spa.autopgen.bin'\n";

describe('parseMode', () => {
  it('adds -z to each stage, fills $1 with unmarked generation and drops $2', () => {
    expect(parseMode(ENG_SPA)).toEqual([
      { program: 'lt-proc', args: ['-z', '/d/eng-spa.automorf.bin'] },
      { program: 'apertium-tagger', args: ['-z', '-g', '/d/eng-spa.prob'] },
      { program: 'apertium-pretransfer', args: ['-z'] },
      { program: 'lrx-proc', args: ['-z', '-m', '/d/eng-spa.autolex.bin'] },
      { program: 'lt-proc', args: ['-z', '-n', '/d/eng-spa.autogen.bin'] },
      { program: 'lt-proc', args: ['-z', '-p', '/d/eng-spa.autopgen.bin'] },
    ]);
  });

  it('keeps unknown-word marks when asked', () => {
    expect(parseMode('lt-proc $1 g.bin', { markUnknown: true })[0]!.args).toEqual(['-z', '-g', 'g.bin']);
  });

  it('drops formatter stages and leaves programs without -z support as written', () => {
    expect(parseMode('apertium-destxt | vislcg3 -g x.rlx | lt-proc -z a.bin | apertium-retxt')).toEqual([
      { program: 'vislcg3', args: ['-g', 'x.rlx'] },
      { program: 'lt-proc', args: ['-z', 'a.bin'] },
    ]);
  });

  it('replaces a tagger whose Debian model crashes with the first reading of the constraint grammar before it', () => {
    const rusUkr =
      "lt-proc -w '/d/rus-ukr.automorf.bin' | cg-proc -w '/d/rus-ukr.rlx.bin' | apertium-tagger -g $2 '/d/rus-ukr.prob' | apertium-pretransfer";
    expect(parseMode(rusUkr)).toEqual([
      { program: 'lt-proc', args: ['-z', '-w', '/d/rus-ukr.automorf.bin'] },
      { program: 'cg-proc', args: ['-1', '-n', '-z', '-w', '/d/rus-ukr.rlx.bin'] },
      { program: 'apertium-pretransfer', args: ['-z'] },
    ]);
    expect(parseMode(ENG_SPA).map((command) => command.program)).toContain('apertium-tagger');
  });
});

describe('splitPipeline', () => {
  it('honours single quotes, double quotes and escapes, including a quoted pipe', () => {
    expect(splitPipeline(`a 'b c|d' "e \\"f\\"" g\\ h | i`)).toEqual([['a', 'b c|d', 'e "f"', 'g h'], ['i']]);
  });

  it('rejects an unterminated quote', () => {
    expect(() => splitPipeline("a 'b")).toThrow(/unterminated/);
  });
});

describe('listModes', () => {
  it('lists translation pairs with variants and skips other modes and files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'modes-'));
    for (const name of ['eng-spa.mode', 'spa-eng_US.mode', 'eng-spa-morph.mode', 'README']) writeFileSync(join(dir, name), 'cat');
    expect((await listModes(dir)).map(({ name, source, target }) => ({ name, source, target }))).toEqual([
      { name: 'eng-spa', source: 'eng', target: 'spa' },
      { name: 'spa-eng_US', source: 'spa', target: 'eng_US' },
    ]);
  });

  it('finds nothing when Apertium is not installed', async () => {
    expect(await listModes('/nonexistent/modes')).toEqual([]);
  });
});

describe('findUnknownWords', () => {
  it('does not check a mode whose Debian tagger crashes (the stock apertium command would answer nothing)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'modes-'));
    writeFileSync(
      join(dir, 'rus-ukr.mode'),
      "lt-proc -w '/d/rus-ukr.automorf.bin' | cg-proc -w '/d/rus-ukr.rlx.bin' | apertium-tagger -g $2 '/d/rus-ukr.prob'",
    );
    await expect(findUnknownWords(dir, 'rus-ukr', ['Москва — столица России.'])).resolves.toBeUndefined();
  });
});
