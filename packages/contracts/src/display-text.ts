import type { z } from 'zod';

// Text the services store in PostgreSQL and show back (names, labels). PostgreSQL refuses NUL in text and jsonb
// (the request used to end in a 500), and a lone surrogate, which JSON can escape ("\ud800"), is not Unicode text:
// PostgreSQL refuses it or stores it as U+FFFD. A name must also show something: one made only of spaces, braille
// blanks (U+2800), private-use characters (U+E000..U+F8FF, planes 15 and 16), format characters (Cf) or other
// default-ignorable ones looks empty, or like a name it is not, in every list.

// String.prototype.isWellFormed is there in Node 20, but its type is in lib ES2024 and the workspace compiles against ES2023.
export const isWellFormedText = (value: string): boolean => (value as unknown as { isWellFormed(): boolean }).isWellFormed();

const CONTROL = /\p{Cc}/u;
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

export const codePointOf = (character: string): string => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Whether at least one character renders as something (not a space, blank, mark alone, private-use or invisible). */
export const hasVisibleCharacter = (value: string): boolean => VISIBLE.test(value);

/** Why PostgreSQL cannot keep this text as sent, as words to follow the field's name; undefined when it can. */
export function storableTextProblem(value: string): string | undefined {
  if (!isWellFormedText(value)) return 'must be well-formed Unicode (it contains a lone surrogate)';
  if (value.includes('\u0000')) return 'must not contain NUL (U+0000)';
  return undefined;
}

/** Why this cannot be a name or label: not storable, a control character, or nothing visible; undefined when it can. */
export function displayNameProblem(value: string): string | undefined {
  const storable = storableTextProblem(value);
  if (storable) return storable;
  const control = value.match(CONTROL);
  if (control) return `must not contain control characters (found ${codePointOf(control[0])})`;
  // Empty or only spaces: each schema says so in its own words ("must not be empty").
  if (value.trim() !== '' && !hasVisibleCharacter(value)) {
    return 'must contain at least one visible character (not only spaces, blank, invisible or private-use characters)';
  }
  return undefined;
}

type Check = (value: string, ctx: z.core.$RefinementCtx<string>) => void;

const checkWith =
  (problemOf: (value: string) => string | undefined, describe: (problem: string) => string): Check =>
  (value, ctx) => {
    const problem = problemOf(value);
    // One message, and no later check reports on the same text again.
    if (problem) ctx.addIssue({ code: 'custom', message: describe(problem), input: value, continue: false });
  };

/**
 * A superRefine for a name or label. `describe` words the problem the way the service words its errors, naming the
 * field: `(problem) => \`name ${problem}\``.
 */
export const displayNameCheck = (describe: (problem: string) => string): Check => checkWith(displayNameProblem, describe);

/** A superRefine for other free text that is stored (descriptions, glossary terms, prompts). */
export const storableTextCheck = (describe: (problem: string) => string): Check => checkWith(storableTextProblem, describe);
