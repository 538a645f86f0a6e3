import type { CustomInstruction, CustomInstructionInput } from '@workspace/contracts';
import type { StyleRuleDeps } from './style-rule-deps.js';
import { findCustomInstruction } from './find-custom-instruction.js';
import { instructionView, lockStyleRule } from './style-rule-record.js';

/** PUT: the instruction's label, prompt and source language become exactly these. */
export async function updateCustomInstruction(
  deps: StyleRuleDeps,
  styleId: string,
  instructionId: string,
  input: CustomInstructionInput,
): Promise<CustomInstruction> {
  return deps.db.$transaction(async (tx) => {
    await lockStyleRule(tx, styleId);
    await findCustomInstruction(tx, styleId, instructionId);
    const now = deps.now();
    const updated = await tx.styleRuleInstruction.update({
      where: { id: instructionId },
      data: { label: input.label, prompt: input.prompt, sourceLanguage: input.source_language ?? null },
    });
    await tx.styleRule.update({ where: { id: styleId }, data: { updatedAt: now, version: { increment: 1 } } });
    return instructionView(updated);
  });
}
