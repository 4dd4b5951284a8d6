import type { ValidationIssue } from '../domain/errors';

/** No request of the contract nests deeper; bounding it keeps every later walk safe. */
export const maxBodyDepth = 32;

/** A lone surrogate makes a string ill-formed. (A `\p{Cs}` pattern says the same but costs every route 0.1 ms to make at import.) */
const illFormed = (text: string) => !text.isWellFormed();

/**
 * Checks a parsed body before any schema sees it: nesting within maxBodyDepth,
 * and no string (key or value) carrying a lone UTF-16 surrogate smuggled in by a
 * JSON escape (`"\ud800"`), which could be neither stored nor encoded. Iterative,
 * so a hostile body cannot exhaust the stack.
 */
export function bodyShapeIssues(body: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: body, path: [] }];
  const at = (path: string[]) => path.join('.') || 'body';
  while (pending.length) {
    const { value, path } = pending.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string') {
      if (illFormed(value)) issues.push({ path: at(path), message: 'must be well-formed Unicode' });
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= maxBodyDepth) {
      issues.push({ path: at(path), message: `must not nest deeper than ${maxBodyDepth} levels` });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (illFormed(key)) issues.push({ path: at([...path, '?']), message: 'must be well-formed Unicode' });
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return issues;
}
