import {
  ConfiguredRules,
  CreateStyleRuleRequest,
  CustomInstructionInput,
  ListStyleRulesQuery,
  RenameStyleRuleRequest,
} from '@workspace/contracts';
import type { Express } from 'express';
import { createCustomInstruction } from '../../domain/style-rules/create-custom-instruction.js';
import { createStyleRule } from '../../domain/style-rules/create-style-rule.js';
import { deleteCustomInstruction } from '../../domain/style-rules/delete-custom-instruction.js';
import { deleteStyleRule } from '../../domain/style-rules/delete-style-rule.js';
import { findCustomInstruction } from '../../domain/style-rules/find-custom-instruction.js';
import { listStyleRules } from '../../domain/style-rules/list-style-rules.js';
import { renameStyleRule } from '../../domain/style-rules/rename-style-rule.js';
import { replaceConfiguredRules } from '../../domain/style-rules/replace-configured-rules.js';
import type { StyleRuleDeps } from '../../domain/style-rules/style-rule-deps.js';
import { findStyleRule, styleRuleView } from '../../domain/style-rules/style-rule-record.js';
import { updateCustomInstruction } from '../../domain/style-rules/update-custom-instruction.js';
import { parseParams } from '../parse-params.js';

// DeepL's style rule lists, as deepl-node 1.28 calls them (JSON bodies).
export function registerStyleRuleRoutes(app: Express, deps: StyleRuleDeps): void {
  app.get('/v3/style_rules', async (req, res) => {
    res.json({ style_rules: await listStyleRules(deps.db, parseParams(ListStyleRulesQuery, req)) });
  });

  app.post('/v3/style_rules', async (req, res) => {
    res.status(201).json(styleRuleView(await createStyleRule(deps, parseParams(CreateStyleRuleRequest, req))));
  });

  app.get('/v3/style_rules/:id', async (req, res) => {
    res.json(styleRuleView(await findStyleRule(deps.db, req.params.id)));
  });

  app.patch('/v3/style_rules/:id', async (req, res) => {
    const { name } = parseParams(RenameStyleRuleRequest, req);
    res.json(styleRuleView(await renameStyleRule(deps, req.params.id, name)));
  });

  app.delete('/v3/style_rules/:id', async (req, res) => {
    await deleteStyleRule(deps.db, req.params.id);
    res.status(204).end();
  });

  app.put('/v3/style_rules/:id/configured_rules', async (req, res) => {
    res.json(styleRuleView(await replaceConfiguredRules(deps, req.params.id, parseParams(ConfiguredRules, req))));
  });

  app.post('/v3/style_rules/:id/custom_instructions', async (req, res) => {
    res.status(201).json(await createCustomInstruction(deps, req.params.id, parseParams(CustomInstructionInput, req)));
  });

  app.get('/v3/style_rules/:id/custom_instructions/:instructionId', async (req, res) => {
    res.json(await findCustomInstruction(deps.db, req.params.id, req.params.instructionId));
  });

  app.put('/v3/style_rules/:id/custom_instructions/:instructionId', async (req, res) => {
    res.json(await updateCustomInstruction(deps, req.params.id, req.params.instructionId, parseParams(CustomInstructionInput, req)));
  });

  app.delete('/v3/style_rules/:id/custom_instructions/:instructionId', async (req, res) => {
    await deleteCustomInstruction(deps, req.params.id, req.params.instructionId);
    res.status(204).end();
  });
}
