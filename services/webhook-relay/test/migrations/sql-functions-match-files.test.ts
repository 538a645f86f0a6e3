import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createTestDatabase, testServerUrl, type TestDatabase } from '@workspace/service-kit/testing';
import { TEMPLATE } from '../helpers/template.js';

// prisma/functions/<name>.sql holds the current definition of each SQL function the migrations leave in
// the database (with its owner and privileges); this test holds the two equal. Each file is run in a
// scratch schema of a freshly migrated database and compared with the migrated function as PostgreSQL
// prints it back: pg_get_functiondef (signature, result, language, volatility, security, strictness,
// parallel safety, settings, and the body verbatim), the owner, the privileges and the comment.

const serviceRoot = fileURLToPath(new URL('../..', import.meta.url));
const FUNCTIONS_DIR = join(serviceRoot, 'prisma', 'functions');
const CALLERS_DIR = join(serviceRoot, 'src', 'db', 'functions');
const SOURCE_DIR = join(serviceRoot, 'src');
const MIGRATED_SCHEMA = 'public';
const FILES_SCHEMA = 'relay_function_files';
const CHANGED_SCHEMA = 'relay_function_files_changed';

const FILES = readdirSync(FUNCTIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .map((file) => file.slice(0, -'.sql'.length))
  .sort();
const readFunctionFile = (name: string) => readFileSync(join(FUNCTIONS_DIR, `${name}.sql`), 'utf8');

interface Definition {
  name: string;
  /** name(identity argument types): tells overloads apart. */
  signature: string;
  /** pg_get_functiondef without the schema in front of the name. */
  definition: string;
  owner: string;
  /** Sorted; the default privileges when none were granted or revoked. */
  privileges: string[];
  comment: string | null;
}

// Functions that belong to an extension (none today) are the extension's, not the relay's.
const DEFINITIONS = `
SELECT p.proname AS name,
       p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS signature,
       CASE WHEN p.prokind = 'a' THEN 'aggregate ' || p.proname ELSE pg_get_functiondef(p.oid) END AS definition,
       pg_get_userbyid(p.proowner) AS owner,
       ARRAY(SELECT a::text FROM unnest(coalesce(p.proacl, acldefault('f', p.proowner))) AS a ORDER BY 1) AS privileges,
       obj_description(p.oid, 'pg_proc') AS comment
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = $1
   AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
 ORDER BY 2`;

async function definitionsIn(client: pg.Client, schema: string): Promise<Definition[]> {
  const { rows } = await client.query<Definition>(DEFINITIONS, [schema]);
  const qualified = new RegExp(`^(CREATE OR REPLACE (?:FUNCTION|PROCEDURE) )${schema}\\.`);
  return rows.map((row) => ({ ...row, definition: row.definition.replace(qualified, '$1') }));
}

const bySignature = (definitions: Definition[]) => new Map(definitions.map((definition) => [definition.signature, definition]));

/**
 * Runs each file in `schema` (unqualified names land there; tables and other relay functions resolve in
 * public) and returns what each one defined, or why it failed. One file's statements run as one
 * transaction (one simple query), so a failing file leaves nothing behind.
 */
async function defineFromFiles(
  client: pg.Client,
  schema: string,
  textOf: (name: string) => string,
): Promise<Map<string, Definition[] | Error>> {
  await client.query(`CREATE SCHEMA ${schema}`);
  const defined = new Map<string, Definition[] | Error>();
  let seen = new Set<string>();
  try {
    await client.query(`SET search_path = ${schema}, ${MIGRATED_SCHEMA}`);
    for (const name of FILES) {
      try {
        await client.query(textOf(name));
      } catch (error) {
        defined.set(name, error as Error);
        continue;
      }
      const now = await definitionsIn(client, schema);
      defined.set(
        name,
        now.filter((definition) => !seen.has(definition.signature)),
      );
      seen = new Set(now.map((definition) => definition.signature));
    }
  } finally {
    await client.query('RESET search_path');
  }
  return defined;
}

describe('prisma/functions: one file per SQL function, equal to what the migrations leave in the database', () => {
  let database: TestDatabase;
  let client: pg.Client;
  let migrated: Definition[];
  let fromFiles: Map<string, Definition[] | Error>;

  beforeAll(async () => {
    database = await createTestDatabase({ serverUrl: testServerUrl(), templateName: TEMPLATE.templateName, prefix: 'webhook_relay_test' });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    migrated = await definitionsIn(client, MIGRATED_SCHEMA);
    fromFiles = await defineFromFiles(client, FILES_SCHEMA, readFunctionFile);
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('has a file for every function in the migrated database', () => {
    const withoutFile = migrated.filter((definition) => !FILES.includes(definition.name)).map((definition) => definition.signature);
    expect(withoutFile).toEqual([]);
    expect(migrated.length).toBeGreaterThan(0);
  });

  it('has no file for a function the migrated database does not have', () => {
    const names = new Set(migrated.map((definition) => definition.name));
    expect(FILES.filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(FILES)('%s.sql defines exactly the migrated function, its owner and its privileges', (name) => {
    const defined = fromFiles.get(name);
    if (defined instanceof Error) throw new Error(`prisma/functions/${name}.sql does not run: ${defined.message}`);
    expect((defined ?? []).map((definition) => definition.name).filter((other) => other !== name)).toEqual([]);
    const expected = migrated.filter((definition) => definition.name === name);
    expect(bySignature(defined ?? [])).toEqual(bySignature(expected));
  });

  it('tells a file apart from its function when the body differs by one token', async () => {
    // Every file that matches, with its body's first SELECT written SELECT ALL (the same query): none may compare equal.
    const matching = FILES.filter((name) => {
      const defined = fromFiles.get(name);
      return (
        !(defined instanceof Error) && JSON.stringify(defined) === JSON.stringify(migrated.filter((definition) => definition.name === name))
      );
    });
    const changed = (name: string) => readFunctionFile(name).replace(/(\$\w*\$[\s\S]*?\bSELECT)\b/, '$1 ALL');
    const mutable = matching.filter((name) => changed(name) !== readFunctionFile(name));
    expect(mutable.length).toBeGreaterThan(0);
    const fromChanged = await defineFromFiles(client, CHANGED_SCHEMA, changed);
    const migratedBySignature = bySignature(migrated);
    for (const name of mutable) {
      const defined = fromChanged.get(name);
      if (defined instanceof Error) throw new Error(`${name}.sql with SELECT ALL does not run: ${defined.message}`);
      expect(defined?.length).toBeGreaterThan(0);
      for (const definition of defined ?? [])
        expect(definition.definition).not.toBe(migratedBySignature.get(definition.signature)?.definition);
    }
  });
});

// Each function TypeScript calls has one typed caller, src/db/functions/<name with dashes>.ts, and the
// rest of src/ goes through it: the statement that calls the function is written in one place.
describe('src/db/functions: one typed caller per SQL function that TypeScript calls', () => {
  const callers = readdirSync(CALLERS_DIR)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length).replaceAll('-', '_'));

  it('names each caller after a function that has a file in prisma/functions', () => {
    expect(callers.filter((name) => !FILES.includes(name))).toEqual([]);
  });

  it('is the only place in src/ that calls those functions', () => {
    const sources = (readdirSync(SOURCE_DIR, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.startsWith('generated'))
      .map((file) => join(SOURCE_DIR, file))
      .filter((path) => !path.startsWith(CALLERS_DIR));
    const calls: string[] = [];
    for (const path of sources) {
      const text = readFileSync(path, 'utf8');
      for (const name of callers) if (new RegExp(`\\b${name}\\(`).test(text)) calls.push(`${relative(serviceRoot, path)} calls ${name}`);
    }
    expect(calls).toEqual([]);
  });
});
