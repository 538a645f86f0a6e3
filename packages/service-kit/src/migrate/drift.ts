import { normalizeSql } from './drift-allowlist.js';
import type { DriftAllowList } from './drift-allowlist.js';

/** One step of a migration script as the schema engine writes it: its `-- Kind` comment and its SQL. */
export interface ScriptStep {
  /** The step as written, comment line included. */
  text: string;
  /** Its SQL, whitespace normalized (what the allow-list is matched against). */
  sql: string;
}

const WARNINGS_BLOCK = /\/\*[\s\S]*?\*\//g;

/**
 * The steps of a script from the engine's diff or createMigration: each starts with a `-- CreateTable`-style
 * comment after a blank line and runs to the next one (a CREATE TABLE has a blank line of its own before its
 * constraints; an enum change is one step of several statements). The leading warnings comment and
 * comment-only blocks ("-- This is an empty migration.") are no steps.
 */
export function splitScript(script: string): { warnings: string; steps: ScriptStep[] } {
  const warnings = (script.match(WARNINGS_BLOCK) ?? []).join('\n');
  const steps = script
    .replace(WARNINGS_BLOCK, '')
    .split(/\n[ \t]*\n(?=--)/)
    .map((block) => block.replace(/^\s*\n|\s+$/g, ''))
    .map((text) => ({
      text,
      sql: normalizeSql(
        text
          .split('\n')
          .filter((line) => !line.trim().startsWith('--'))
          .join('\n'),
      ),
    }))
    .filter((step) => step.sql !== '');
  return { warnings, steps };
}

export interface SchemaDrift {
  /** Migrations not applied yet: the comparison is against an older database than the migrations build. */
  pending: string[];
  /** Steps the engine would run to make the database match the schema, and whether the allow-list allows each. */
  steps: (ScriptStep & { allowed: boolean })[];
  /** Allow-list [diff] entries the engine no longer proposes. */
  staleSteps: string[];
  /** Database objects the schema cannot describe that the allow-list does not name. */
  unlistedObjects: string[];
  /** Allow-list [database] entries the database does not have. */
  missingObjects: string[];
}

export function compareWithAllowList(
  script: string,
  objects: readonly string[],
  allowList: DriftAllowList,
  pending: string[] = [],
): SchemaDrift {
  const { steps } = splitScript(script);
  const allowedSteps = new Set(allowList.diff.map((allowed) => allowed.entry));
  const proposed = new Set(steps.map((step) => step.sql));
  const listedObjects = new Set(allowList.database.map((allowed) => allowed.entry));
  const present = new Set(objects);
  return {
    pending,
    steps: steps.map((step) => ({ ...step, allowed: allowedSteps.has(step.sql) })),
    staleSteps: allowList.diff.map((allowed) => allowed.entry).filter((entry) => !proposed.has(entry)),
    unlistedObjects: objects.filter((object) => !listedObjects.has(object)),
    missingObjects: allowList.database.map((allowed) => allowed.entry).filter((entry) => !present.has(entry)),
  };
}

/**
 * Everything wrong, one readable paragraph per kind; empty when the schema describes the database except for
 * what the allow-list names, and the allow-list names nothing that is gone.
 */
export function driftProblems(drift: SchemaDrift, allowListPath: string): string[] {
  const problems: string[] = [];
  const unexpected = drift.steps.filter((step) => !step.allowed);
  if (drift.pending.length > 0) {
    problems.push(`Migrations not applied to the database, deploy them first: ${drift.pending.join(', ')}`);
  }
  if (unexpected.length > 0) {
    problems.push(
      [
        'The schema does not describe the database: to match the schema, Prisma would run',
        '',
        ...unexpected.map((step) => step.text),
        '',
        'Change schema.prisma to describe what the migrations create (or add the migration the schema change needs);',
        `if the difference is intended and the schema language cannot express it, add the statement to [diff] in ${allowListPath} with the reason.`,
      ].join('\n'),
    );
  }
  if (drift.staleSteps.length > 0) {
    problems.push([`${allowListPath} [diff] allows steps Prisma no longer proposes; remove them:`, ...drift.staleSteps].join('\n'));
  }
  if (drift.unlistedObjects.length > 0) {
    problems.push(
      [
        `The migrations create objects the schema cannot describe and ${allowListPath} [database] does not name; add them with the reason:`,
        ...drift.unlistedObjects,
      ].join('\n'),
    );
  }
  if (drift.missingObjects.length > 0) {
    problems.push(
      [
        `${allowListPath} [database] names objects the migrated database does not have; remove or correct them:`,
        ...drift.missingObjects,
      ].join('\n'),
    );
  }
  return problems;
}
