import type { ListStyleRulesQuery, StyleRuleList } from '@workspace/contracts';
import type { Database } from '../../db/database.js';
import { STYLE_RULE_COLUMNS, styleRuleView } from './style-rule-record.js';

export async function listStyleRules(db: Database, query: ListStyleRulesQuery): Promise<StyleRuleList[]> {
  const rules = await db.styleRule.findMany({
    select: STYLE_RULE_COLUMNS,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    skip: query.page * query.page_size,
    take: query.page_size,
  });
  return rules.map((rule) => styleRuleView(rule, query.detailed));
}
