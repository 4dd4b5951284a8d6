import type * as z from 'zod/mini';
import type { ValidationIssue } from './errors';

/**
 * Schemas are zod 4 "mini" (functional checks, tree-shaken to what a Lambda
 * uses). Mini ships no message locale, so the wording of every default message
 * is set here, once: the wording the API has always answered with (`Required`,
 * `Expected string, received number`, `String must contain at most 256
 * character(s)`), so clients matching on `details.issues` see no change.
 * A schema's own message (`'must be later than from_utc'`) always wins.
 */
function defaultMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return invalidTypeMessage(issue.expected, issue.input);
    case 'too_small':
      return sizeMessage(issue.origin, 'small', issue.minimum, issue.inclusive, issue.exact);
    case 'too_big':
      return sizeMessage(issue.origin, 'big', issue.maximum, issue.inclusive, issue.exact);
    case 'invalid_format':
      return issue.format === 'regex' ? 'Invalid' : `Invalid ${issue.format}`;
    case 'invalid_value':
      if (issue.input === undefined) return 'Required';
      return issue.values.length === 1
        ? `Invalid literal value, expected ${JSON.stringify(issue.values[0])}`
        : `Invalid enum value. Expected ${issue.values.map((value) => `'${String(value)}'`).join(' | ')}, received ${receivedValue(issue.input)}`;
    case 'not_multiple_of':
      return `Number must be a multiple of ${String(issue.divisor)}`;
    default:
      return 'Invalid input';
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'nan';
    return Number.isInteger(value) ? 'number' : 'float';
  }
  return typeof value;
}

/**
 * The input a message quotes: a string, number or boolean as it is, anything
 * else by its type. Never `String(input)`: a body's own `toString` or `valueOf`
 * (`{"toString": "x"}`) would run, and throw, while the message is written.
 */
function receivedValue(input: unknown): string {
  const type = typeof input;
  return type === 'string' || type === 'number' || type === 'boolean' ? `'${String(input)}'` : typeName(input);
}

function invalidTypeMessage(expected: string, input: unknown): string {
  if (input === undefined) return 'Required';
  if (typeof input === 'number' && !Number.isFinite(input) && !Number.isNaN(input)) return 'Number must be finite';
  if (expected === 'int' && typeof input === 'number') {
    return Number.isInteger(input) ? 'Number must be a safe integer' : 'Expected integer, received float';
  }
  const received = typeName(input) === 'float' ? 'number' : typeName(input);
  return `Expected ${expected}, received ${received}`;
}

function sizeMessage(
  origin: string,
  side: 'small' | 'big',
  bound: number | bigint | Date,
  inclusive = true,
  exact = false,
): string {
  const limit = String(bound);
  if (origin === 'string' || origin === 'array' || origin === 'set') {
    const [noun, unit] = origin === 'string' ? ['String', 'character(s)'] : ['Array', 'element(s)'];
    const quantifier = exact ? 'exactly' : side === 'small' ? (inclusive ? 'at least' : 'over') : inclusive ? 'at most' : 'under';
    return `${noun} must contain ${quantifier} ${limit} ${unit}`;
  }
  const comparison =
    side === 'small'
      ? inclusive ? 'greater than or equal to' : 'greater than'
      : inclusive ? 'less than or equal to' : 'less than';
  return `Number must be ${comparison} ${limit}`;
}

/**
 * The issues to report for a value that matched no branch of a union: those of
 * the one branch whose type it has (an object given for `number | Money` fails
 * inside Money), else the union's own "Invalid input".
 */
function unionIssues(issue: z.core.$ZodIssueInvalidUnion): z.core.$ZodIssue[] {
  const typed = issue.errors.filter((branch) => !branch.some((inner) => inner.code === 'invalid_type' && inner.path.length === 0));
  if (typed.length !== 1) return [issue];
  return typed[0]!.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

/**
 * Every failing field as `{path, message}`, paths dotted (`source_refs.0.kind`)
 * under an optional prefix. An unknown field is reported at its own path, so a
 * typo names itself.
 */
export function validationIssues(error: z.core.$ZodError, prefix = ''): ValidationIssue[] {
  const pathOf = (segments: readonly PropertyKey[]) => [prefix, ...segments.map(String)].filter(Boolean).join('.');
  const issues = error.issues.flatMap((issue) => (issue.code === 'invalid_union' ? unionIssues(issue) : [issue]));
  // zod 4 still runs a length check on a value of the wrong type (an array has a length): the type error says it all.
  const wrongType = new Set(issues.filter((issue) => issue.code === 'invalid_type').map((issue) => pathOf(issue.path)));
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: pathOf([...issue.path, key]), message: 'is not a known field' }));
    }
    const path = pathOf(issue.path);
    return issue.code !== 'invalid_type' && wrongType.has(path) ? [] : [{ path, message: issue.message }];
  });
}

export type Validated<T> = { success: true; data: T } | { success: false; issues: ValidationIssue[] };

/** Parses `value` at a trust boundary: the typed output, or every issue in the API's wording. */
export function validate<Schema extends z.ZodMiniType>(
  schema: Schema,
  value: unknown,
  prefix = '',
): Validated<z.output<Schema>> {
  const parsed = schema.safeParse(value, { error: defaultMessage });
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, issues: validationIssues(parsed.error, prefix) };
}
