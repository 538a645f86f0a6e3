import type { StyleRuleDeps } from './style-rule-deps.js';
import { STYLE_RULE_COLUMNS, lockStyleRule, type StyleRuleRecord } from './style-rule-record.js';

export async function renameStyleRule(deps: StyleRuleDeps, id: string, name: string): Promise<StyleRuleRecord> {
  return deps.db.$transaction(async (tx) => {
    await lockStyleRule(tx, id);
    return tx.styleRule.update({
      where: { id },
      data: { name, updatedAt: deps.now(), version: { increment: 1 } },
      select: STYLE_RULE_COLUMNS,
    });
  });
}
