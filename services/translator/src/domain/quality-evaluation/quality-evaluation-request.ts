// POST /v1/quality-evaluation's body as DeepL's QualityEvaluationRequest defines it (metadata with the
// two languages, 1 to 500 segments of source and target up to 10,000 characters each), plus one field of
// this service's own: `metadata.glossary_id`, whose terms the evaluation then expects in the targets.
import { z } from 'zod';

export const MAX_SEGMENTS = 500;
export const MAX_SEGMENT_CHARACTERS = 10_000;

const SegmentText = z
  .string()
  // DeepL counts characters; a string's length counts UTF-16 units, so count code points.
  .refine((text) => [...text].length <= MAX_SEGMENT_CHARACTERS, `must be at most ${MAX_SEGMENT_CHARACTERS} characters`);

export const QualityEvaluationRequest = z.object({
  metadata: z.object({
    source_language: z.string().trim().min(1, 'must not be empty'),
    target_language: z.string().trim().min(1, 'must not be empty'),
    glossary_id: z.string().min(1, 'must not be empty').optional(),
  }),
  segments: z
    .array(z.object({ source: SegmentText, target: SegmentText }))
    .min(1, 'must hold at least one segment')
    .max(MAX_SEGMENTS, `must hold at most ${MAX_SEGMENTS} segments; split them over several jobs`),
});
export type QualityEvaluationRequest = z.infer<typeof QualityEvaluationRequest>;

/** The first problem of `body`, named as DeepL names it: `segments[0].source is required.` */
export function qualityEvaluationRequestMessage(error: z.ZodError, body: unknown): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  const path = issue.path.reduce<string>(
    (name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)),
    '',
  );
  if (path === '') return 'The request body must be a JSON object with metadata and segments.';
  const given = issue.path.reduce<unknown>((value, part) => (value as Record<PropertyKey, unknown> | undefined)?.[part], body);
  if (issue.code === 'invalid_type' && given === undefined) return `${path} is required.`;
  if (issue.code === 'invalid_type') return `${path} must be ${issue.expected === 'array' ? 'an array' : `a ${issue.expected}`}.`;
  return `${path} ${issue.message}.`;
}
