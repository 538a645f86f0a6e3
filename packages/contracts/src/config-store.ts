import { z } from 'zod';
import { hasVisibleCharacter } from './display-text.js';

// Wire shapes of config-store (services/config-store/SPEC.md). The service and its tests
// parse with these; clients may use the types.

const MAX_TEXT_LENGTH = 255;
const HOSTNAME_MAX_LENGTH = 253;
// RFC 1123 labels: letters, digits and inner hyphens, 1..63 characters each.
const HOSTNAME_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
// Names travel in URL paths (`/configurations/:name`), so a slash or a control character (C0, DEL, C1)
// would make the record unreachable.
const NAME_PATTERN = /^[^/\p{Cc}]+$/u;
const PRINTABLE_PATTERN = /^\P{Cc}+$/u;
// Characters that render as nothing or reorder what is around them (format controls such as U+200B..U+200F,
// U+202A..U+202E, U+2066..U+2069, U+061C, U+FEFF; fillers and variation selectors; line and paragraph
// separators): with them two different names can look the same.
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const IP_ADDRESS = z.union([z.ipv4(), z.ipv6()]);

export function isValidHostname(value: string): boolean {
  if (IP_ADDRESS.safeParse(value).success) return true;
  const host = value.endsWith('.') ? value.slice(0, -1) : value;
  if (host.length === 0 || host.length > HOSTNAME_MAX_LENGTH) return false;
  return host.split('.').every((label) => HOSTNAME_LABEL.test(label));
}

// String.prototype.isWellFormed is there in Node 20, but its type is in lib ES2024 and the workspace compiles against ES2023.
const isWellFormed = (value: string) => (value as unknown as { isWellFormed(): boolean }).isWellFormed();

const codePoint = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

// JSON may escape a lone surrogate ("\ud800"); PostgreSQL would store it as U+FFFD, so different
// inputs would become one value. Stops there (abort), so no later check reports on it again.
const wellFormed = (field: string) => ({ message: `${field} must be well-formed Unicode (it contains a lone surrogate)`, abort: true });

const noInvisible = (field: string) => ({
  error: (issue: { input?: unknown }) =>
    `${field} must not contain invisible or bidirectional control characters (found ${codePoint(String(issue.input).match(INVISIBLE)![0])})`,
});

// Text that identifies something is stored in one Unicode form (NFC), so "é" precomposed and
// decomposed are the same value; lengths are checked after normalizing.
const nonBlank = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .refine(isWellFormed, wellFormed(field))
    .normalize('NFC')
    .min(1, `${field} must not be empty`)
    .max(MAX_TEXT_LENGTH, `${field} must be at most ${MAX_TEXT_LENGTH} characters`)
    .refine((value) => value.trim().length > 0, `${field} must not be blank`);

// Blank and invisible characters have their own messages; this catches names of only braille blanks (U+2800) or
// private-use characters, which show nothing either.
const somethingVisible = (field: string) =>
  [
    (value: string) => value.trim() === '' || INVISIBLE.test(value) || hasVisibleCharacter(value),
    `${field} must contain at least one visible character (not only blank or private-use characters)`,
  ] as const;

export const ConfigurationName = nonBlank('name')
  .refine((value) => NAME_PATTERN.test(value), 'name must not contain "/" or control characters')
  .refine((value) => !INVISIBLE.test(value), noInvisible('name'))
  .refine(...somethingVisible('name'));
export const ConfigurationHostname = z
  .string({ error: (issue) => (issue.input === undefined ? 'hostname is required' : 'hostname must be a string') })
  .min(1, 'hostname must not be empty')
  .refine(isValidHostname, 'hostname must be a valid host name (RFC 1123) or an IPv4/IPv6 address');
export const ConfigurationPort = z
  .number({ error: (issue) => (issue.input === undefined ? 'port is required' : 'port must be an integer') })
  .int('port must be an integer')
  .min(1, 'port must be between 1 and 65535')
  .max(65535, 'port must be between 1 and 65535');
export const ConfigurationUsername = nonBlank('username')
  .refine((value) => PRINTABLE_PATTERN.test(value), 'username must not contain control characters')
  .refine((value) => !INVISIBLE.test(value), noInvisible('username'))
  .refine(...somethingVisible('username'));

export const Configuration = z.object({
  id: z.number().int(),
  name: z.string(),
  hostname: z.string(),
  port: z.number().int(),
  username: z.string(),
});
export type Configuration = z.infer<typeof Configuration>;

export const CreateConfiguration = z.strictObject(
  {
    name: ConfigurationName,
    hostname: ConfigurationHostname,
    port: ConfigurationPort,
    username: ConfigurationUsername,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'body must be a JSON object') },
);
export type CreateConfiguration = z.infer<typeof CreateConfiguration>;

export const UpdateConfiguration = z
  .strictObject(
    {
      name: ConfigurationName.optional(),
      hostname: ConfigurationHostname.optional(),
      port: ConfigurationPort.optional(),
      username: ConfigurationUsername.optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'body must be a JSON object') },
  )
  .refine((patch) => Object.keys(patch).length > 0, 'body must contain at least one of name, hostname, port, username');
export type UpdateConfiguration = z.infer<typeof UpdateConfiguration>;

export const CONFIGURATION_SORT_KEYS = ['name', 'hostname', 'port', 'username'] as const;
export const MAX_PER_PAGE = 100;

const queryInteger = (field: string, min: number, max?: number) =>
  z
    .string()
    .regex(/^\d+$/, `${field} must be a non-negative integer`)
    .transform(Number)
    .refine((value) => value >= min, `${field} must be at least ${min}`)
    .refine((value) => max === undefined || value <= max, `${field} must be at most ${max}`);

export const ListConfigurationsQuery = z.strictObject({
  sort: z.enum(CONFIGURATION_SORT_KEYS, { error: `sort must be one of ${CONFIGURATION_SORT_KEYS.join(', ')}` }).optional(),
  page: queryInteger('page', 0, Number.MAX_SAFE_INTEGER).optional(),
  per_page: queryInteger('per_page', 1, MAX_PER_PAGE).optional(),
});
export type ListConfigurationsQuery = z.infer<typeof ListConfigurationsQuery>;

export const ConfigurationList = z.object({ configurations: z.array(Configuration) });
export type ConfigurationList = z.infer<typeof ConfigurationList>;

const credential = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .refine(isWellFormed, wellFormed(field))
    .min(1, `${field} must not be empty`)
    .max(1024, `${field} must be at most 1024 characters`);
// User names are looked up in NFC, as they are stored; passwords are hashed exactly as sent.
const loginName = (field: string) => credential(field).normalize('NFC');

// The spec's own sample sends `name` for the user name; its parameter table says `username`.
export const LoginBody = z
  .object(
    { username: loginName('username').optional(), name: loginName('name').optional(), password: credential('password') },
    { error: 'body must be a JSON object' },
  )
  .refine((body) => body.username !== undefined || body.name !== undefined, 'username is required')
  .transform((body) => ({ username: (body.username ?? body.name) as string, password: body.password }));
export type LoginBody = z.infer<typeof LoginBody>;
