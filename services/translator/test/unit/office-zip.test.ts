import { describe, expect, it } from '@jest/globals';
import { strToU8, zipSync } from 'fflate';
import { UnreadableDocument } from '../../src/domain/documents/formats/document-format.js';
import { DOCX } from '../../src/domain/documents/formats/office-zip.js';
import { makeDocx } from '../helpers/document-fixtures.js';

const info = { fileName: 'a.docx', targetLang: 'ES' };

describe('office containers', () => {
  it('refuse a zip that declares it expands past the limit, before inflating it', () => {
    const zip = Buffer.from(zipSync({ 'word/document.xml': strToU8('<w:document/>') }));
    // Declare 1.5 GiB as the entry's uncompressed size, in its local and central headers.
    for (const [signature, offset] of [
      [0x04034b50, 22],
      [0x02014b50, 24],
    ] as const) {
      const header = Buffer.alloc(4);
      header.writeUInt32LE(signature);
      zip.writeUInt32LE(0x60000000, zip.indexOf(header) + offset);
    }
    expect(() => DOCX.extract(zip, info)).toThrow(UnreadableDocument);
    expect(() => DOCX.extract(zip, info)).toThrow(/expands to more than/);
  });

  it('refuse what is not a zip, and a zip without the format text parts', () => {
    expect(() => DOCX.extract(Buffer.from('plain text'), info)).toThrow(/not a zip container/);
    expect(() => DOCX.extract(Buffer.from(zipSync({ 'a.txt': strToU8('x') })), info)).toThrow(/no text parts/);
  });

  it('write back every entry in its order, with the text parts translated', () => {
    const docx = makeDocx([[{ text: 'One.' }]]);
    const extracted = DOCX.extract(docx, info);
    expect(extracted.segments).toEqual(['One.']);
    const rebuilt = extracted.rebuild(['Uno.']);
    expect(rebuilt.includes(Buffer.from('[Content_Types].xml'))).toBe(true);
    expect(DOCX.extract(rebuilt, info).segments).toEqual(['Uno.']);
  });
});
