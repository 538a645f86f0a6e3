// The part of a text that says something about its language: markup, links, addresses and
// numbers look alike in every language and would only pull the detector toward English.

const TAG = /<[^<>]*>/g;
const ENTITY = /&(?:#\d+|#x[\da-f]+|[a-z]+);/gi;
const URL = /\b(?:[a-z][a-z\d+.-]*:\/\/|www\.)\S+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const NUMBER = /\p{N}+/gu;
const SPACES = /\s+/g;
const LETTER = /\p{L}/u;

// The detector reads well under this many characters; the cap keeps the remaining patterns linear
// on a 128 KiB text. Tags go first, over the whole text, so a long leading tag cannot crowd out the words.
const READ_LENGTH = 2000;

/** The text with the noise removed, or undefined when no letter is left to detect from. */
export function textForDetection(text: string): string | undefined {
  const words = text
    .replace(TAG, ' ')
    .slice(0, READ_LENGTH)
    .replace(ENTITY, ' ')
    .replace(URL, ' ')
    .replace(EMAIL, ' ')
    .replace(NUMBER, ' ')
    .replace(SPACES, ' ')
    .trim();
  return LETTER.test(words) ? words : undefined;
}
