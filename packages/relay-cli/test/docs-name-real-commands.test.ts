// Every `webhook-relay <command> [<subcommand>]` the documentation or the dashboard shows a user must exist:
// the dashboard's sign-in hint once named `keys create`, a command the CLI never had.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { buildProgram } from '../src/cli.js';
import { systemIo } from '../src/io.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SKIPPED = new Set(['node_modules', 'dist', '.local', '.git', '.turbo', 'generated', 'test-artifacts']);
/** Global options that take a value, so the word after them is not a command. */
const OPTIONS_WITH_VALUES = new Set(['--api-url']);

function files(folder: string, wanted: (path: string) => boolean): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(folder, entry.name);
    return entry.isDirectory() ? files(path, wanted) : wanted(path) ? [path] : [];
  });
}

/** The words after `webhook-relay` in each code span or code line of `text` that starts a command there. */
function commandLines(text: string): string[][] {
  const found: string[][] = [];
  const codeSpans = [...text.matchAll(/```[\s\S]*?```|`[^`\n]+`/g)].map((match) => match[0]);
  for (const span of codeSpans) {
    for (const match of span.matchAll(/(?:^|[\s`;|&(])webhook-relay((?:[ \t]+[^\s`]+)*)/g)) {
      found.push(
        match[1]!
          .trim()
          .split(/[ \t]+/)
          .filter(Boolean),
      );
    }
  }
  return found;
}

/** Why `words` (what follows `webhook-relay`) names no command of `program`, or undefined when it does. */
function problem(program: Command, words: string[]): string | undefined {
  let index = 0;
  while (words[index]?.startsWith('-')) index += OPTIONS_WITH_VALUES.has(words[index]!) ? 2 : 1;
  const name = words[index];
  if (!name || !/^[a-z][a-z-]*$/.test(name)) return undefined;
  const command = program.commands.find((candidate) => candidate.name() === name || candidate.aliases().includes(name));
  if (!command) return `no command "${name}"`;
  const next = words[index + 1];
  if (command.commands.length === 0 || !next || !/^[a-z][a-z-]*$/.test(next)) return undefined;
  return command.commands.some((candidate) => candidate.name() === next || candidate.aliases().includes(next))
    ? undefined
    : `no command "${name} ${next}"`;
}

describe('the commands the docs and the dashboard name', () => {
  const program = buildProgram(systemIo(new AbortController().signal), () => undefined);
  const sources = [
    ...files(REPO_ROOT, (path) => path.endsWith('.md')),
    ...files(join(REPO_ROOT, 'services/webhook-relay/dashboard/src'), (path) => path.endsWith('.ts')),
  ];

  it('finds command lines in the CLI README and the dashboard', () => {
    const readme = readFileSync(join(REPO_ROOT, 'packages/relay-cli/README.md'), 'utf8');
    expect(commandLines(readme).length).toBeGreaterThanOrEqual(10);
    const signIn = readFileSync(join(REPO_ROOT, 'services/webhook-relay/dashboard/src/views/sign-in.ts'), 'utf8');
    expect(commandLines(signIn)).toContainEqual(['api-keys', 'create']);
    expect(commandLines('e.g. from `webhook-relay --api-url http://x keys create`')).toEqual([['--api-url', 'http://x', 'keys', 'create']]);
    expect(problem(program, ['--api-url', 'http://x', 'keys', 'create'])).toBe('no command "keys"');
    expect(problem(program, ['api-keys', 'rotate'])).toBe('no command "api-keys rotate"');
    expect(problem(program, ['api-keys', 'create', '--name', 'ci'])).toBeUndefined();
  });

  it('every one of them exists in the CLI', () => {
    const wrong: string[] = [];
    for (const path of sources) {
      for (const words of commandLines(readFileSync(path, 'utf8'))) {
        const why = problem(program, words);
        if (why) wrong.push(`${relative(REPO_ROOT, path)}: webhook-relay ${words.join(' ')}: ${why}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
