import type { ZodError } from 'zod';
import type { ValidationIssue } from '../domain/errors';

/**
 * Every failing field as `{path, message}`, paths dotted (`source_refs.0.kind`).
 * An unknown field is reported at its own path, so a typo names itself.
 */
export function zodIssues(error: ZodError, prefix = ''): ValidationIssue[] {
  const pathOf = (segments: Array<string | number>) =>
    [prefix, ...segments.map(String)].filter(Boolean).join('.');
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: pathOf([...issue.path, key]), message: 'is not a known field' }))
      : [{ path: pathOf(issue.path), message: issue.message }],
  );
}
