// A style rule list as the domain passes it around, and its wire view (DeepL's StyleRuleList).
import type { ConfiguredRules, CustomInstruction, StyleRuleList } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { isUuid } from '../translation-memories/memory-record.js';
import { TranslatorError } from '../translator-error.js';

export const STYLE_RULE_COLUMNS = {
  id: true,
  name: true,
  language: true,
  configuredRules: true,
  version: true,
  createdAt: true,
  updatedAt: true,
  instructions: {
    select: { id: true, label: true, prompt: true, sourceLanguage: true },
    orderBy: [{ createdAt: 'asc' as const }, { id: 'asc' as const }],
  },
} satisfies Prisma.StyleRuleSelect;

export type StyleRuleRecord = Prisma.StyleRuleGetPayload<{ select: typeof STYLE_RULE_COLUMNS }>;
type InstructionRecord = StyleRuleRecord['instructions'][number];

export function styleRuleNotFound(id: string): TranslatorError {
  return new TranslatorError('NOT_FOUND', `Style rule list '${id}' not found.`);
}

export async function findStyleRule(db: Pick<Database, 'styleRule'>, id: string): Promise<StyleRuleRecord> {
  const rule = isUuid(id) ? await db.styleRule.findUnique({ where: { id }, select: STYLE_RULE_COLUMNS }) : null;
  if (!rule) throw styleRuleNotFound(id);
  return rule;
}

/** The list's row locked for the rest of the transaction, so concurrent edits apply one after the other. */
export async function lockStyleRule(tx: Pick<Database, '$queryRaw'>, id: string): Promise<void> {
  if (!isUuid(id)) throw styleRuleNotFound(id);
  const rows = await tx.$queryRaw<unknown[]>`SELECT 1 FROM style_rules WHERE id = ${id}::uuid FOR UPDATE`;
  if (rows.length === 0) throw styleRuleNotFound(id);
}

export function instructionView(instruction: InstructionRecord): CustomInstruction {
  return {
    id: instruction.id,
    label: instruction.label,
    prompt: instruction.prompt,
    ...(instruction.sourceLanguage ? { source_language: instruction.sourceLanguage } : {}),
  };
}

export function styleRuleView(rule: StyleRuleRecord, detailed = true): StyleRuleList {
  return {
    style_id: rule.id,
    name: rule.name,
    creation_time: rule.createdAt.toISOString(),
    updated_time: rule.updatedAt.toISOString(),
    language: rule.language,
    version: rule.version,
    ...(detailed
      ? {
          configured_rules: rule.configuredRules as ConfiguredRules as Record<string, Record<string, string>>,
          custom_instructions: rule.instructions.map(instructionView),
        }
      : {}),
  };
}
