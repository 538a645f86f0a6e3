import { z } from 'zod';
import { MAX_CUSTOM_INSTRUCTION_LENGTH } from './translator.js';
import { storableTextCheck } from './display-text.js';
import { utf8Bytes } from './translator-glossaries.js';
import {
  displayName,
  flag,
  missing,
  notSupported,
  refuseUnknownParameters,
  requiredString,
  storableString,
} from './translator-parameters.js';

// Wire shapes of the style-rule endpoints (/v3/style_rules) as deepl-node 1.28 calls them: JSON bodies,
// snake_case members.

/** Languages a style rule list may be for (DeepL's list). */
export const STYLE_RULE_LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'zh'] as const;
export const CONFIGURED_RULE_CATEGORIES = [
  'dates_and_times',
  'formatting',
  'numbers',
  'punctuation',
  'spelling_and_grammar',
  'style_and_tone',
  'vocabulary',
] as const;
export const MAX_STYLE_RULE_NAME_BYTES = 1024;
export const MAX_STYLE_RULE_INSTRUCTIONS = 100;
export const MAX_CUSTOM_INSTRUCTION_LABEL_LENGTH = 100;
export const MAX_CONFIGURED_RULES_PER_CATEGORY = 100;
export const STYLE_RULE_PAGE_SIZE_MAX = 100;

const name = (parameter: string) =>
  displayName(parameter, 'name')
    .refine((value) => value.trim().length > 0, notSupported(parameter, 'The name must not be empty.'))
    .refine(
      (value) => utf8Bytes(value) <= MAX_STYLE_RULE_NAME_BYTES,
      notSupported(parameter, `A name is at most ${MAX_STYLE_RULE_NAME_BYTES} UTF-8 bytes.`),
    );

const language = (parameter: string) =>
  requiredString(parameter)
    .min(1, missing(parameter))
    .transform((value) => value.toLowerCase())
    .refine(
      (value) => (STYLE_RULE_LANGUAGES as readonly string[]).includes(value.split('-')[0]!),
      notSupported(parameter, `Allowed: ${STYLE_RULE_LANGUAGES.join(', ')}.`),
    )
    .transform((value) => value.split('-')[0]!);

const ruleText = (parameter: string) =>
  z
    .string({ error: notSupported(parameter, 'Each rule value must be a string.') })
    .superRefine(storableTextCheck((problem) => notSupported(parameter, `Rule names and values ${problem}.`)))
    .max(200, notSupported(parameter, 'Rule names and values are at most 200 characters.'));

const category = (parameter: string) =>
  z
    .record(ruleText(parameter), ruleText(parameter), { error: notSupported(parameter, 'Expected an object of rule name -> value.') })
    .refine(
      (rules) => Object.keys(rules).length <= MAX_CONFIGURED_RULES_PER_CATEGORY,
      notSupported(parameter, `At most ${MAX_CONFIGURED_RULES_PER_CATEGORY} rules per category.`),
    )
    .optional();

const CATEGORY_SCHEMAS = Object.fromEntries(CONFIGURED_RULE_CATEGORIES.map((key) => [key, category(`configured_rules.${key}`)])) as Record<
  (typeof CONFIGURED_RULE_CATEGORIES)[number],
  ReturnType<typeof category>
>;

// Loose, then checked: an unknown category is named as part of 'configured_rules', not as a top-level parameter.
export const ConfiguredRules = z
  .looseObject(CATEGORY_SCHEMAS, { error: notSupported('configured_rules', 'Expected an object of categories.') })
  .superRefine((rules, ctx) => {
    const unknown = Object.keys(rules).find((key) => !(CONFIGURED_RULE_CATEGORIES as readonly string[]).includes(key));
    if (unknown !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: notSupported('configured_rules', `Unknown category '${unknown}'; allowed: ${CONFIGURED_RULE_CATEGORIES.join(', ')}.`),
      });
    }
  })
  .transform(
    (rules) =>
      Object.fromEntries(CONFIGURED_RULE_CATEGORIES.flatMap((key) => (rules[key] ? [[key, rules[key]]] : []))) as Partial<
        Record<(typeof CONFIGURED_RULE_CATEGORIES)[number], Record<string, string>>
      >,
  );
export type ConfiguredRules = z.output<typeof ConfiguredRules>;

export const CustomInstructionInput = z.strictObject(
  {
    label: displayName('label', 'label')
      .refine((value) => value.trim().length > 0, notSupported('label', 'The label must not be empty.'))
      .refine(
        (value) => [...value].length <= MAX_CUSTOM_INSTRUCTION_LABEL_LENGTH,
        notSupported('label', `At most ${MAX_CUSTOM_INSTRUCTION_LABEL_LENGTH} characters.`),
      ),
    prompt: storableString('prompt', 'prompt')
      .refine((value) => value.trim().length > 0, notSupported('prompt', 'The prompt must not be empty.'))
      .refine(
        (value) => [...value].length <= MAX_CUSTOM_INSTRUCTION_LENGTH,
        notSupported('prompt', `At most ${MAX_CUSTOM_INSTRUCTION_LENGTH} characters.`),
      ),
    source_language: z
      .string({ error: notSupported('source_language', 'Expected a language code.') })
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, notSupported('source_language', 'Expected a language code such as en.'))
      .transform((value) => value.toLowerCase())
      .optional(),
  },
  refuseUnknownParameters,
);
export type CustomInstructionInput = z.output<typeof CustomInstructionInput>;

export const CreateStyleRuleRequest = z.strictObject(
  {
    name: name('name'),
    language: language('language'),
    configured_rules: ConfiguredRules.optional(),
    custom_instructions: z
      .array(CustomInstructionInput, {
        error: notSupported('custom_instructions', 'Expected a list of {label, prompt, source_language?}.'),
      })
      .max(
        MAX_STYLE_RULE_INSTRUCTIONS,
        notSupported('custom_instructions', `At most ${MAX_STYLE_RULE_INSTRUCTIONS} instructions per style rule list.`),
      )
      .optional(),
  },
  refuseUnknownParameters,
);
export type CreateStyleRuleRequest = z.output<typeof CreateStyleRuleRequest>;

export const RenameStyleRuleRequest = z.strictObject({ name: name('name') }, refuseUnknownParameters);
export type RenameStyleRuleRequest = z.output<typeof RenameStyleRuleRequest>;

export const ListStyleRulesQuery = z.strictObject(
  {
    page: z
      .string({ error: notSupported('page', 'Expected a page number from 0.') })
      .regex(/^\d{1,9}$/, notSupported('page', 'Expected a page number from 0.'))
      .transform(Number)
      .optional()
      .transform((value) => value ?? 0),
    page_size: z
      .string({ error: notSupported('page_size', `Expected an integer from 1 to ${STYLE_RULE_PAGE_SIZE_MAX}.`) })
      .regex(/^\d{1,3}$/, notSupported('page_size', `Expected an integer from 1 to ${STYLE_RULE_PAGE_SIZE_MAX}.`))
      .transform(Number)
      .refine(
        (value) => value >= 1 && value <= STYLE_RULE_PAGE_SIZE_MAX,
        notSupported('page_size', `Expected an integer from 1 to ${STYLE_RULE_PAGE_SIZE_MAX}.`),
      )
      .optional()
      .transform((value) => value ?? 10),
    detailed: flag('detailed').transform((value) => value ?? false),
  },
  refuseUnknownParameters,
);
export type ListStyleRulesQuery = z.output<typeof ListStyleRulesQuery>;

export const CustomInstruction = z.object({
  id: z.string(),
  label: z.string(),
  prompt: z.string(),
  source_language: z.string().optional(),
});
export type CustomInstruction = z.infer<typeof CustomInstruction>;

export const StyleRuleList = z.object({
  style_id: z.string(),
  name: z.string(),
  creation_time: z.string(),
  updated_time: z.string(),
  language: z.string(),
  version: z.number().int(),
  configured_rules: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  custom_instructions: z.array(CustomInstruction).optional(),
});
export type StyleRuleList = z.infer<typeof StyleRuleList>;
