import type { z } from 'zod';

// One readable line out of a zod error, each part naming its field:
// `port must be an integer; unknown field "foo"`.
export function validationMessage(error: z.ZodError): string {
  return error.issues.map(describeIssue).join('; ');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ');
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}`;
  }
  const field = issue.path.join('.');
  return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
}
