// Office files (docx, pptx, xlsx, odt) are zip containers of XML parts. The parts that hold the text
// are segmented like any markup (markup-segments.ts); every other entry is copied unchanged, in its
// original order, so the file opens as it did.
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { type DocumentFormat, type ExtractedDocument, UnreadableDocument } from './document-format.js';
import { type MarkupRules, segmentMarkup } from './markup-segments.js';

export interface OfficeFormatSpec {
  name: string;
  contentType: string;
  /** The parts whose text is translated. */
  textParts: RegExp;
  rules: MarkupRules;
  /** Applied to each translated part (e.g. docx keeps spaces at the edges of a run). */
  finish?: (xml: string) => string;
}

const MAX_EXPANDED_BYTES = 512 * 1024 * 1024;

class ZipTooLarge extends Error {}

export function officeFormat(spec: OfficeFormatSpec): DocumentFormat {
  return {
    name: spec.name,
    contentType: spec.contentType,
    extract(input): ExtractedDocument {
      let entries: Record<string, Uint8Array>;
      let expanded = 0;
      try {
        // The sizes the zip declares are checked before anything is inflated: a small upload must not
        // expand to gigabytes in memory.
        entries = unzipSync(new Uint8Array(input.buffer, input.byteOffset, input.byteLength), {
          filter: (file) => {
            expanded += file.originalSize;
            if (expanded > MAX_EXPANDED_BYTES) throw new ZipTooLarge();
            return true;
          },
        });
      } catch (error) {
        if (error instanceof ZipTooLarge) {
          throw new UnreadableDocument(
            `The ${spec.name} document expands to more than ${MAX_EXPANDED_BYTES} bytes; this server does not translate it.`,
          );
        }
        throw new UnreadableDocument(`The file is not a valid ${spec.name} document (not a zip container).`);
      }
      const names = Object.keys(entries).filter((name) => spec.textParts.test(name));
      if (names.length === 0) throw new UnreadableDocument(`The file is not a valid ${spec.name} document (no text parts found).`);
      const decoder = new TextDecoder('utf-8');
      const parts = names.map((name) => ({ name, markup: segmentMarkup(decoder.decode(entries[name]), spec.rules) }));
      const segments = parts.flatMap((part) => part.markup.segments);
      return {
        segments,
        rebuild(translated) {
          const encoder = new TextEncoder();
          const replaced = new Map<string, Uint8Array>();
          let offset = 0;
          for (const part of parts) {
            const count = part.markup.segments.length;
            const xml = part.markup.rebuild(translated.slice(offset, offset + count));
            offset += count;
            replaced.set(part.name, encoder.encode(spec.finish ? spec.finish(xml) : xml));
          }
          const output: Zippable = {};
          for (const [name, data] of Object.entries(entries)) {
            // ODF readers need `mimetype` stored uncompressed (and first, which the order keeps).
            output[name] = [replaced.get(name) ?? data, { level: name === 'mimetype' ? 0 : 6 }];
          }
          return Buffer.from(zipSync(output));
        },
      };
    },
  };
}

const set = (names: string) => new Set(names.split(' '));

export const DOCX = officeFormat({
  name: 'docx',
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  textParts: /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/,
  // A paragraph is a segment; runs, their properties, tabs and breaks are inline. Field codes and
  // deleted text (tracked changes) are never translated.
  rules: { boundaries: set('w:p w:tbl w:tr w:tc w:txbxcontent'), opaque: set('w:instrtext w:deltext w:ppr') },
  // A translated run may start or end with a space that Word drops unless told to keep it.
  finish: (xml) => xml.replace(/<w:t>/g, '<w:t xml:space="preserve">'),
});

export const PPTX = officeFormat({
  name: 'pptx',
  contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  textParts: /^ppt\/(slides\/slide\d+|notesSlides\/notesSlide\d+)\.xml$/,
  rules: { boundaries: set('a:p p:sp a:tc'), opaque: set('a:ppr') },
});

export const XLSX = officeFormat({
  name: 'xlsx',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  // Cell text lives in the shared strings (and inline strings); values and formulas are never translated.
  textParts: /^xl\/(sharedStrings|worksheets\/sheet\d+)\.xml$/,
  rules: {
    boundaries: set('si is c row'),
    opaque: set('v f rph phoneticpr oddheader oddfooter evenheader evenfooter firstheader firstfooter'),
  },
});

export const ODT = officeFormat({
  name: 'odt',
  contentType: 'application/vnd.oasis.opendocument.text',
  textParts: /^content\.xml$/,
  rules: { boundaries: set('text:p text:h table:table-cell draw:frame'), opaque: set('text:note-citation') },
});
