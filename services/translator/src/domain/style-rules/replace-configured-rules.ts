import type { ConfiguredRules } from '@workspace/contracts';
import type { StyleRuleDeps } from './style-rule-deps.js';
import { STYLE_RULE_COLUMNS, lockStyleRule, type StyleRuleRecord } from './style-rule-record.js';

/** PUT /v3/style_rules/{id}/configured_rules: the list's rules become exactly these. */
export async function replaceConfiguredRules(deps: StyleRuleDeps, id: string, rules: ConfiguredRules): Promise<StyleRuleRecord> {
  return deps.db.$transaction(async (tx) => {
    await lockStyleRule(tx, id);
    return tx.styleRule.update({
      where: { id },
      data: { configuredRules: rules, updatedAt: deps.now(), version: { increment: 1 } },
      select: STYLE_RULE_COLUMNS,
    });
  });
}
