// A memory as TMX 1.4: one <tu> per segment, its source first, then its translations.
export interface TmxSegment {
  sourceText: string;
  targets: Array<{ targetLang: string; targetText: string }>;
}

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

export function writeTmx(sourceLang: string, segments: readonly TmxSegment[]): string {
  const source = sourceLang.toLowerCase();
  const units = segments.map((segment) => {
    const variants = [`<tuv xml:lang="${source}"><seg>${escapeXml(segment.sourceText)}</seg></tuv>`];
    for (const target of segment.targets)
      variants.push(`<tuv xml:lang="${target.targetLang.toLowerCase()}"><seg>${escapeXml(target.targetText)}</seg></tuv>`);
    return `    <tu>\n      ${variants.join('\n      ')}\n    </tu>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tmx version="1.4">',
    `  <header creationtool="translator" creationtoolversion="1" segtype="sentence" o-tmf="tmx" adminlang="en" srclang="${source}" datatype="plaintext"/>`,
    '  <body>',
    ...units,
    '  </body>',
    '</tmx>',
    '',
  ].join('\n');
}
