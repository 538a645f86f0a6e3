// tag_handling_version=v2's strict XML check: what passes as a well-formed fragment, and DeepL's
// message (then which text, what and where) for what does not.
import { describe, expect, it } from '@jest/globals';
import { assertWellFormedXml } from '../../src/domain/translation/assert-well-formed-xml.js';

describe('assertWellFormedXml', () => {
  it.each([
    'Press <b>Continue</b> to advance.',
    '<x id="17">Please welcome the participants</x> to today’s meeting.',
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE doc>\n<doc>Text &amp; more &#160; &lt;tag&gt;</doc>',
    'Text <!-- a comment with &nbsp; --> and <![CDATA[ a < b & c ]]> and <br/>.',
    'x > y',
    '',
  ])('accepts %j', (text) => {
    expect(() => assertWellFormedXml([text])).not.toThrow();
  });

  it.each([
    ['<p>This tag is not closed properly</a>', /Expected closing tag 'p'.*instead of closing tag 'a'/],
    ['<p>Never closed', /the end of the text/],
    ['<a><b></a></b>', /Expected closing tag 'b'/],
    ['a & b', /char '&' is not expected/],
    ['a < b', /Invalid space after '<'/],
    ['<x id=17>Hi</x>', /Attribute 'id' is without value/],
    ['<a b="1" b="2"/>', /Attribute 'b' is repeated/],
    ['A&nbsp;b', /the entity '&nbsp;' is not defined in XML/],
  ])('refuses %j', (text, detail) => {
    expect(() => assertWellFormedXml(['fine', text])).toThrow(/^Tag handling parsing failed, please check input\. Text 2: /);
    expect(() => assertWellFormedXml(['fine', text])).toThrow(detail);
  });
});
