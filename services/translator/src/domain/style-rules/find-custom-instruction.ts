import type { CustomInstruction } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import { isUuid } from '../translation-memories/memory-record.js';
import { TranslatorError } from '../translator-error.js';
import { findStyleRule, instructionView } from './style-rule-record.js';

export async function findCustomInstruction(
  db: Pick<Database, 'styleRule' | 'styleRuleInstruction'>,
  styleId: string,
  instructionId: string,
): Promise<CustomInstruction> {
  await findStyleRule(db, styleId);
  const instruction = isUuid(instructionId)
    ? await db.styleRuleInstruction.findFirst({ where: { id: instructionId, styleRuleId: styleId } })
    : null;
  if (!instruction)
    throw new TranslatorError('NOT_FOUND', `Custom instruction '${instructionId}' not found in style rule list '${styleId}'.`);
  return instructionView(instruction);
}
