import pg from 'pg';
import type { DatabaseConfig } from './database-url.js';

// What Prisma's schema language cannot say and its schema engine does not compare, so a diff between the
// schema and the database never shows it: functions (with SECURITY DEFINER and an owner other than the
// migrating role), triggers, row-level security and its policies, sequences no column owns, partial and
// expression indexes, CHECK and exclusion constraints, views, and grants to other roles (the public
// schema's default USAGE for PUBLIC left out). One line per object, in the current schema, sorted
// bytewise. Objects of extensions are left out: they come with the extension.
const DATABASE_OBJECTS = `
  WITH ns AS (SELECT oid FROM pg_namespace WHERE nspname = current_schema()),
  ext AS (SELECT objid FROM pg_depend WHERE deptype = 'e')
  SELECT line FROM (
    SELECT 'function ' || p.oid::regprocedure::text
           || CASE WHEN p.prosecdef THEN ' security definer' ELSE '' END
           || CASE WHEN p.proowner <> (SELECT oid FROM pg_roles WHERE rolname = current_user) THEN ' owned by ' || pg_get_userbyid(p.proowner) ELSE '' END AS line
    FROM pg_proc p WHERE p.pronamespace IN (SELECT oid FROM ns) AND p.oid NOT IN (SELECT objid FROM ext)
    UNION ALL
    SELECT 'trigger ' || t.tgname || ' on ' || c.relname
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal AND c.relnamespace IN (SELECT oid FROM ns)
    UNION ALL
    SELECT 'row level security on ' || c.relname || CASE WHEN c.relforcerowsecurity THEN ' (forced)' ELSE '' END
    FROM pg_class c WHERE c.relrowsecurity AND c.relnamespace IN (SELECT oid FROM ns)
    UNION ALL
    SELECT 'policy ' || p.polname || ' on ' || c.relname
    FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid WHERE c.relnamespace IN (SELECT oid FROM ns)
    UNION ALL
    SELECT 'sequence ' || c.relname
    FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace IN (SELECT oid FROM ns)
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i'))
    UNION ALL
    SELECT 'index ' || pg_get_indexdef(i.indexrelid)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid WHERE c.relnamespace IN (SELECT oid FROM ns) AND (i.indpred IS NOT NULL OR i.indexprs IS NOT NULL)
    UNION ALL
    SELECT 'constraint ' || con.conname || ' on ' || c.relname || ' ' || pg_get_constraintdef(con.oid)
    FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid WHERE c.relnamespace IN (SELECT oid FROM ns) AND con.contype IN ('c', 'x', 't')
    UNION ALL
    SELECT CASE c.relkind WHEN 'v' THEN 'view ' ELSE 'materialized view ' END || c.relname
    FROM pg_class c WHERE c.relkind IN ('v', 'm') AND c.relnamespace IN (SELECT oid FROM ns)
    UNION ALL
    SELECT 'grant ' || string_agg(a.privilege_type, ', ' ORDER BY a.privilege_type) || ' on ' || c.relname || ' to '
           || CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE pg_get_userbyid(a.grantee) END
    FROM pg_class c, LATERAL aclexplode(c.relacl) a
    WHERE c.relnamespace IN (SELECT oid FROM ns) AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND a.grantee <> c.relowner
    GROUP BY c.relname, a.grantee
    UNION ALL
    SELECT 'grant ' || string_agg(a.privilege_type, ', ' ORDER BY a.privilege_type) || ' (' || att.attname || ') on ' || c.relname || ' to '
           || CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE pg_get_userbyid(a.grantee) END
    FROM pg_attribute att JOIN pg_class c ON c.oid = att.attrelid, LATERAL aclexplode(att.attacl) a
    WHERE c.relnamespace IN (SELECT oid FROM ns) AND att.attacl IS NOT NULL AND a.grantee <> c.relowner
    GROUP BY c.relname, att.attname, a.grantee
    UNION ALL
    SELECT 'grant ' || string_agg(a.privilege_type, ', ' ORDER BY a.privilege_type) || ' on function ' || p.oid::regprocedure::text || ' to '
           || CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE pg_get_userbyid(a.grantee) END
    FROM pg_proc p, LATERAL aclexplode(p.proacl) a
    WHERE p.pronamespace IN (SELECT oid FROM ns) AND p.oid NOT IN (SELECT objid FROM ext) AND a.grantee <> p.proowner
    GROUP BY p.oid, a.grantee
    UNION ALL
    SELECT 'grant ' || string_agg(a.privilege_type, ', ' ORDER BY a.privilege_type) || ' on schema ' || n.nspname || ' to '
           || CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE pg_get_userbyid(a.grantee) END
    FROM pg_namespace n, LATERAL aclexplode(n.nspacl) a
    WHERE n.oid IN (SELECT oid FROM ns) AND a.grantee NOT IN (0, n.nspowner)
    GROUP BY n.nspname, a.grantee
  ) lines ORDER BY line COLLATE "C"
`;

/** The objects of the database that Prisma's diff cannot see, one line each, as drift-allowlist.txt lists them. */
export async function listDatabaseObjects(config: DatabaseConfig): Promise<string[]> {
  const client = new pg.Client({ ...config, application_name: 'service-kit-drift' });
  await client.connect();
  try {
    const result = await client.query<{ line: string }>(DATABASE_OBJECTS);
    return result.rows.map((row) => row.line);
  } finally {
    await client.end().catch(() => undefined);
  }
}
