import { MAX_STYLE_RULE_INSTRUCTIONS, type CustomInstruction, type CustomInstructionInput } from '@workspace/contracts';
import { TranslatorError } from '../translator-error.js';
import type { StyleRuleDeps } from './style-rule-deps.js';
import { instructionView, lockStyleRule } from './style-rule-record.js';

export async function createCustomInstruction(
  deps: StyleRuleDeps,
  styleId: string,
  input: CustomInstructionInput,
): Promise<CustomInstruction> {
  return deps.db.$transaction(async (tx) => {
    await lockStyleRule(tx, styleId);
    const count = await tx.styleRuleInstruction.count({ where: { styleRuleId: styleId } });
    if (count >= MAX_STYLE_RULE_INSTRUCTIONS) {
      throw new TranslatorError(
        'BAD_REQUEST',
        `Too many custom instructions: a style rule list holds at most ${MAX_STYLE_RULE_INSTRUCTIONS}; delete one first.`,
      );
    }
    const now = deps.now();
    const created = await tx.styleRuleInstruction.create({
      data: {
        id: deps.newId(),
        styleRuleId: styleId,
        label: input.label,
        prompt: input.prompt,
        sourceLanguage: input.source_language ?? null,
        createdAt: now,
      },
    });
    await tx.styleRule.update({ where: { id: styleId }, data: { updatedAt: now, version: { increment: 1 } } });
    return instructionView(created);
  });
}
