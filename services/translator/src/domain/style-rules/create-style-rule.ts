import type { CreateStyleRuleRequest } from '@workspace/contracts';
import type { StyleRuleDeps } from './style-rule-deps.js';
import { STYLE_RULE_COLUMNS, type StyleRuleRecord } from './style-rule-record.js';

export async function createStyleRule(deps: StyleRuleDeps, request: CreateStyleRuleRequest): Promise<StyleRuleRecord> {
  const now = deps.now();
  return deps.db.styleRule.create({
    data: {
      id: deps.newId(),
      name: request.name,
      language: request.language,
      configuredRules: request.configured_rules ?? {},
      createdAt: now,
      updatedAt: now,
      instructions: {
        // One millisecond apart, so the list keeps the order given.
        create: (request.custom_instructions ?? []).map((instruction, index) => ({
          id: deps.newId(),
          label: instruction.label,
          prompt: instruction.prompt,
          sourceLanguage: instruction.source_language ?? null,
          createdAt: new Date(now.getTime() + index),
        })),
      },
    },
    select: STYLE_RULE_COLUMNS,
  });
}
