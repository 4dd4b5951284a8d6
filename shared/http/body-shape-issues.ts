import type { ValidationIssue } from '../domain/errors';

/** No request of the contract nests deeper; bounding it keeps every later walk safe. */
export const maxBodyDepth = 32;

/** In a `u` regex a valid surrogate pair is one code point, so only lone surrogates match. */
const loneSurrogate = /\p{Cs}/u;

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
      if (loneSurrogate.test(value)) issues.push({ path: at(path), message: 'must be well-formed Unicode' });
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= maxBodyDepth) {
      issues.push({ path: at(path), message: `must not nest deeper than ${maxBodyDepth} levels` });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (loneSurrogate.test(key)) issues.push({ path: at([...path, '?']), message: 'must be well-formed Unicode' });
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return issues;
}
