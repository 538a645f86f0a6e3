import { z } from 'zod';
import { displayName, missing, notSupported, refuseUnknownParameters, storableString } from './translator-parameters.js';

// Wire shapes of the translator's administration API (services/translator/SPEC.md "Administration
// endpoints"), with DeepL's member names where the spec leaves them out (ApiKey, key_usages).

export const MAX_KEY_LABEL_LENGTH = 1024;
/** Largest limit accepted: beyond it JSON numbers stop being exact integers. */
export const MAX_USAGE_LIMIT = Number.MAX_SAFE_INTEGER;
/** Days in an analytics range, counting both ends: a whole leap year fits. */
export const MAX_ANALYTICS_RANGE_DAYS = 366;
/** Tags per page of the custom-tag report; `next_page` fetches the next ones. */
export const CUSTOM_TAG_PAGE_SIZE = 100;
export const ANALYTICS_GROUP_BY = ['key', 'key_and_day'] as const;
export const CUSTOM_TAG_AGGREGATE_BY = ['period', 'day'] as const;

const label = (name: string) =>
  displayName(name, 'label')
    .refine((value) => value.trim().length > 0, `Value for '${name}' not supported. The label must not be empty.`)
    .refine(
      (value) => value.length <= MAX_KEY_LABEL_LENGTH,
      `Value for '${name}' not supported. At most ${MAX_KEY_LABEL_LENGTH} characters.`,
    );

// Looked up in PostgreSQL, which refuses NUL in a query parameter.
const keyId = storableString('key_id', 'key id').min(1, missing('key_id'));

const usageLimit = (name: string) => {
  const hint = notSupported(name, 'Expected a non-negative integer, or null to remove the limit.');
  return (
    z
      // A form sends numbers as digits.
      .union([z.number(), z.string().regex(/^\d{1,16}$/, hint)], { error: hint })
      .transform(Number)
      .pipe(
        z
          .number()
          .int(hint)
          .min(0, hint)
          .max(MAX_USAGE_LIMIT, notSupported(name, `At most ${MAX_USAGE_LIMIT}.`)),
      )
      .nullable()
      .optional()
  );
};

/** Listing takes no parameters. */
export const ListDeveloperKeysQuery = z.strictObject({}, refuseUnknownParameters);

export const CreateDeveloperKeyRequest = z.strictObject({ label: label('label').optional() }, refuseUnknownParameters);
export type CreateDeveloperKeyRequest = z.output<typeof CreateDeveloperKeyRequest>;

export const DeactivateDeveloperKeyRequest = z.strictObject({ key_id: keyId }, refuseUnknownParameters);
export type DeactivateDeveloperKeyRequest = z.output<typeof DeactivateDeveloperKeyRequest>;

export const RenameDeveloperKeyRequest = z.strictObject({ key_id: keyId, label: label('label') }, refuseUnknownParameters);
export type RenameDeveloperKeyRequest = z.output<typeof RenameDeveloperKeyRequest>;

/** A limit left out stays as it is; null removes it; 0 lets the key use nothing. */
export const SetDeveloperKeyLimitsRequest = z
  .strictObject(
    { key_id: keyId, characters: usageLimit('characters'), speech_to_text_milliseconds: usageLimit('speech_to_text_milliseconds') },
    refuseUnknownParameters,
  )
  .refine((request) => request.characters !== undefined || request.speech_to_text_milliseconds !== undefined, {
    message: "Parameter 'characters' or 'speech_to_text_milliseconds' not specified: send at least one (null removes a limit).",
  });
export type SetDeveloperKeyLimitsRequest = z.output<typeof SetDeveloperKeyLimitsRequest>;

export const DeveloperApiKey = z.object({
  key_id: z.string(),
  label: z.string(),
  creation_time: z.string(),
  /** Only once the key is deactivated: DeepL's schema has a string here, never null. */
  deactivated_time: z.string().optional(),
  is_deactivated: z.boolean(),
  /** A limit that is not set is left out (DeepL's schema has numbers here, never null): `{}` is no limit at all. */
  usage_limits: z.object({ characters: z.number().int().optional(), speech_to_text_milliseconds: z.number().int().optional() }),
});
export type DeveloperApiKey = z.infer<typeof DeveloperApiKey>;

/** The answer to creating a key: the only time its secret (`key`, for `Authorization: DeepL-Auth-Key`) is shown. */
export const CreatedDeveloperApiKey = DeveloperApiKey.extend({ key: z.string() });
export type CreatedDeveloperApiKey = z.infer<typeof CreatedDeveloperApiKey>;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD`, as the UTC midnight it starts at. */
const isoDate = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing(name) : notSupported(name, 'Expected a date as YYYY-MM-DD.')) })
    .min(1, missing(name))
    .transform((value, ctx) => {
      const match = ISO_DATE.exec(value);
      const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
      if (!date || date.toISOString().slice(0, 10) !== value) {
        ctx.addIssue({ code: 'custom', message: notSupported(name, 'Expected a date as YYYY-MM-DD.') });
        return z.NEVER;
      }
      return date;
    });

/** DeepL allows the empty string for "no grouping". */
const optionalChoice = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z
    .enum(['', ...values] as [string, ...string[]], {
      error: notSupported(name, `Allowed: '', ${values.map((v) => `'${v}'`).join(', ')}.`),
    })
    .optional()
    .transform((value) => (value ? (value as T[number]) : undefined));

const DAY_MS = 24 * 60 * 60 * 1000;

function checkRange(range: { start_date: Date; end_date: Date }, ctx: z.RefinementCtx): void {
  if (range.end_date < range.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: "Bad request. Reason: 'end_date' must not be before 'start_date'." });
  } else if ((range.end_date.getTime() - range.start_date.getTime()) / DAY_MS + 1 > MAX_ANALYTICS_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: `Bad request. Reason: Date range cannot exceed ${MAX_ANALYTICS_RANGE_DAYS} days.`,
    });
  }
}

export const AnalyticsQuery = z
  .strictObject(
    { start_date: isoDate('start_date'), end_date: isoDate('end_date'), group_by: optionalChoice('group_by', ANALYTICS_GROUP_BY) },
    refuseUnknownParameters,
  )
  .superRefine(checkRange);
export type AnalyticsQuery = z.output<typeof AnalyticsQuery>;

export const CustomTagAnalyticsQuery = z
  .strictObject(
    {
      start_date: isoDate('start_date'),
      end_date: isoDate('end_date'),
      aggregate_by: optionalChoice('aggregate_by', CUSTOM_TAG_AGGREGATE_BY).transform((value) => value ?? 'period'),
      page: z
        .string({ error: notSupported('page', 'Expected a page number from next_page.') })
        .regex(/^\d{1,9}$/, notSupported('page', 'Expected a page number from next_page.'))
        .transform(Number)
        .optional()
        .transform((value) => value ?? 0),
    },
    refuseUnknownParameters,
  )
  .superRefine(checkRange);
export type CustomTagAnalyticsQuery = z.output<typeof CustomTagAnalyticsQuery>;

export const UsageCounters = z.object({
  total_characters: z.number().int(),
  text_translation_characters: z.number().int(),
  document_translation_characters: z.number().int(),
  text_improvement_characters: z.number().int(),
  speech_to_text_minutes: z.number(),
});
export type UsageCounters = z.infer<typeof UsageCounters>;

const KeyUsage = z.object({ api_key: z.string(), api_key_label: z.string(), usage: UsageCounters });

export const UsageReportResponse = z.object({
  usage_report: z.object({
    total_usage: UsageCounters,
    group_by: z.enum(ANALYTICS_GROUP_BY).optional(),
    start_date: z.string(),
    end_date: z.string(),
    key_usages: z.array(KeyUsage).optional(),
    key_and_day_usages: z.array(KeyUsage.extend({ usage_date: z.string() })).optional(),
  }),
});
export type UsageReportResponse = z.infer<typeof UsageReportResponse>;

export const CustomTagBreakdown = z.object({
  total_characters: z.number().int(),
  text_translation_characters: z.number().int(),
  text_improvement_characters: z.number().int(),
  speech_to_text_minutes: z.number(),
  speech_to_speech_minutes: z.number(),
});
export type CustomTagBreakdown = z.infer<typeof CustomTagBreakdown>;

export const CustomTagUsageReportResponse = z.object({
  custom_tag_usage_report: z.object({
    aggregate_by: z.enum(CUSTOM_TAG_AGGREGATE_BY),
    start_date: z.string(),
    end_date: z.string(),
    next_page: z.number().int().nullable(),
    usage: z.array(z.object({ custom_tag: z.string(), usage_date: z.string().optional(), breakdown: CustomTagBreakdown })),
  }),
});
export type CustomTagUsageReportResponse = z.infer<typeof CustomTagUsageReportResponse>;
