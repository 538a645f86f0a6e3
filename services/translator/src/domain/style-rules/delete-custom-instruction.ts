import type { StyleRuleDeps } from './style-rule-deps.js';
import { findCustomInstruction } from './find-custom-instruction.js';
import { lockStyleRule } from './style-rule-record.js';

export async function deleteCustomInstruction(deps: StyleRuleDeps, styleId: string, instructionId: string): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    await lockStyleRule(tx, styleId);
    await findCustomInstruction(tx, styleId, instructionId);
    await tx.styleRuleInstruction.delete({ where: { id: instructionId } });
    await tx.styleRule.update({ where: { id: styleId }, data: { updatedAt: deps.now(), version: { increment: 1 } } });
  });
}
