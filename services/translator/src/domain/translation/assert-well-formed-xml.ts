// tag_handling=xml with tag_handling_version=v2: DeepL parses the text as XML strictly and refuses
// what is not well-formed, with the sentence below (its docs: "Tag handling parsing failed, please
// check input."). v1, and HTML in either version, stay lenient. A text is a fragment, so it is checked
// inside a wrapper element (text around and between elements is allowed); an XML declaration or a
// DOCTYPE at its start is allowed too. Named entities other than XML's five are not XML.
import { XMLValidator } from 'fast-xml-parser';
import { TranslatorError } from '../translator-error.js';

export const TAG_PARSING_FAILED = 'Tag handling parsing failed, please check input.';

const PROLOG = /^\s*(?:<\?xml[^>]*\?>)?\s*(?:<!DOCTYPE[^[>]*>)?/i;
const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);
const UNPARSED = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g;
const WRAPPER = 'dpt-fragment';

export function assertWellFormedXml(texts: readonly string[]): void {
  texts.forEach((text, index) => {
    const problem = xmlProblem(text);
    if (problem) throw new TranslatorError('BAD_REQUEST', `${TAG_PARSING_FAILED} Text ${index + 1}: ${problem}`);
  });
}

function xmlProblem(text: string): string | undefined {
  const body = text.replace(PROLOG, (prolog) => prolog.replace(/[^\n]/g, ' '));
  const result = XMLValidator.validate(`<${WRAPPER}>${body}</${WRAPPER}>`);
  if (result !== true) {
    const { msg, line, col } = result.err;
    // The wrapper's opening tag shifts the first line's columns.
    const shift = (row: number, column: number) => Math.max(row === 1 ? column - WRAPPER.length - 2 : column, 1);
    const message = msg
      .replace(`closing tag '${WRAPPER}'`, 'the end of the text')
      .replace(
        /\(opened in line (\d+), col (\d+)\)/,
        (_, row: string, column: string) => `(opened in line ${row}, column ${shift(Number(row), Number(column))})`,
      );
    return `${message} (line ${line}, column ${shift(line, col)}).`;
  }
  const entity = /&([A-Za-z_][\w.-]*);/.exec(body.replace(UNPARSED, (unparsed) => ' '.repeat(unparsed.length)));
  if (entity && !XML_ENTITIES.has(entity[1]!)) {
    return `the entity '&${entity[1]};' is not defined in XML (use a character reference such as '&#160;', or the character itself).`;
  }
  return undefined;
}
