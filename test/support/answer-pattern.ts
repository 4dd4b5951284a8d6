/**
 * The expected answers the README shows after its commands, as patterns: JSON
 * in which `…` stands for anything.
 *
 *   - as a member of an object, for any further members: `{"status":"paid",…}`;
 *     an object without it has exactly the members shown;
 *   - as an element of an array, for any number of elements there: `[…]`,
 *     `[{"kind":"bonus",…},…]`; an array without it has exactly those elements;
 *   - as a value, for any value (the member must be there): `"amount":…`;
 *   - inside a string, for any characters: `"cpo_…"`, `"…decimals…"`.
 *
 * Everything else is compared as JSON compares it: members by name, in any order.
 */

export type AnswerPattern =
  | { kind: 'any' }
  | { kind: 'exact'; value: string | number | boolean | null }
  | { kind: 'text'; parts: string[] }
  | { kind: 'object'; members: Array<[string, AnswerPattern]>; open: boolean }
  | { kind: 'array'; items: Array<AnswerPattern | typeof rest> };

const rest = Symbol('…');
const ellipsis = '…';

/** Parses a pattern; throws with the offset of what it cannot read. */
export function parseAnswerPattern(text: string): AnswerPattern {
  const reader = new PatternReader(text);
  const pattern = reader.value();
  reader.end();
  return pattern;
}

class PatternReader {
  private at = 0;
  constructor(private readonly text: string) {}

  value(): AnswerPattern {
    this.skipSpace();
    const char = this.text[this.at];
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    if (char === '"') return this.string();
    if (this.take(ellipsis)) return { kind: 'any' };
    const literal = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(this.at));
    if (!literal) this.fail('a value');
    this.at += literal[0].length;
    return { kind: 'exact', value: JSON.parse(literal[0]) as number | boolean | null };
  }

  end(): void {
    this.skipSpace();
    if (this.at < this.text.length) this.fail('the end of the pattern');
  }

  private object(): AnswerPattern {
    this.expect('{');
    const members: Array<[string, AnswerPattern]> = [];
    let open = false;
    this.list('}', () => {
      if (this.take(ellipsis)) {
        open = true;
        return;
      }
      const name = this.string();
      if (name.kind !== 'exact') this.fail('a member name without …');
      this.expect(':');
      members.push([String(name.value), this.value()]);
    });
    return { kind: 'object', members, open };
  }

  private array(): AnswerPattern {
    this.expect('[');
    const items: Array<AnswerPattern | typeof rest> = [];
    // An element `…` stands for elements, not for one value of any kind.
    this.list(']', () => items.push(this.take(ellipsis) ? rest : this.value()));
    return { kind: 'array', items };
  }

  /** Reads `item`s separated by commas up to `close`. */
  private list(close: string, item: () => void): void {
    this.skipSpace();
    if (this.take(close)) return;
    for (;;) {
      item();
      this.skipSpace();
      if (this.take(close)) return;
      this.expect(',');
    }
  }

  private string(): AnswerPattern {
    this.skipSpace();
    const literal = /^"(?:[^"\\]|\\.)*"/.exec(this.text.slice(this.at));
    if (!literal) this.fail('a string');
    this.at += literal[0].length;
    const value = JSON.parse(literal[0]) as string;
    return value.includes(ellipsis) ? { kind: 'text', parts: value.split(ellipsis) } : { kind: 'exact', value };
  }

  private take(token: string): boolean {
    this.skipSpace();
    if (!this.text.startsWith(token, this.at)) return false;
    this.at += token.length;
    return true;
  }

  private expect(token: string): void {
    if (!this.take(token)) this.fail(`"${token}"`);
  }

  private skipSpace(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at += 1;
  }

  private fail(wanted: string): never {
    throw new Error(`Expected ${wanted} at offset ${this.at} of the answer pattern: ${this.text.slice(this.at, this.at + 40)}`);
  }
}

/** Where `actual` differs from `pattern`, one line each (`path: what`); empty when it matches. */
export function answerMismatches(pattern: AnswerPattern, actual: unknown, path = '$'): string[] {
  const shown = (value: unknown) => truncate(JSON.stringify(value) ?? 'undefined');
  switch (pattern.kind) {
    case 'any':
      return actual === undefined ? [`${path}: missing`] : [];
    case 'exact':
      return actual === pattern.value ? [] : [`${path}: expected ${JSON.stringify(pattern.value)}, got ${shown(actual)}`];
    case 'text':
      return typeof actual === 'string' && textMatches(pattern.parts, actual)
        ? []
        : [`${path}: expected a string like ${JSON.stringify(pattern.parts.join(ellipsis))}, got ${shown(actual)}`];
    case 'object': {
      if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return [`${path}: expected an object, got ${shown(actual)}`];
      const record = actual as Record<string, unknown>;
      const named = new Set(pattern.members.map(([name]) => name));
      return [
        ...pattern.members.flatMap(([name, member]) =>
          name in record ? answerMismatches(member, record[name], `${path}.${name}`) : [`${path}: missing member "${name}"`],
        ),
        ...(pattern.open ? [] : Object.keys(record).filter((name) => !named.has(name)).map((name) => `${path}: unexpected member "${name}"`)),
      ];
    }
    case 'array': {
      if (!Array.isArray(actual)) return [`${path}: expected an array, got ${shown(actual)}`];
      if (!pattern.items.includes(rest)) {
        if (pattern.items.length !== actual.length) return [`${path}: expected ${pattern.items.length} elements, got ${actual.length}: ${shown(actual)}`];
        return pattern.items.flatMap((item, index) => answerMismatches(item as AnswerPattern, actual[index], `${path}[${index}]`));
      }
      return elementsMatch(pattern.items, actual) ? [] : [`${path}: no elements match the pattern's, got ${shown(actual)}`];
    }
  }
}

/** Whether the elements match the items in order, each `…` taking any number of elements. */
function elementsMatch(items: ReadonlyArray<AnswerPattern | typeof rest>, elements: readonly unknown[]): boolean {
  const [item, ...others] = items;
  if (item === undefined) return elements.length === 0;
  if (item === rest) return elements.some((_, skip) => elementsMatch(others, elements.slice(skip))) || elementsMatch(others, []);
  return elements.length > 0 && answerMismatches(item, elements[0]).length === 0 && elementsMatch(others, elements.slice(1));
}

function textMatches(parts: readonly string[], actual: string): boolean {
  const pattern = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*');
  return new RegExp(`^${pattern}$`).test(actual);
}

function truncate(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * Every JSON object or array printed in `output`, in order, whatever text
 * surrounds them: a step's commands print answers, pretty or on one line,
 * among other lines.
 */
export function printedJson(output: string): unknown[] {
  const values: unknown[] = [];
  for (let start = 0; start < output.length; start += 1) {
    if (output[start] !== '{' && output[start] !== '[') continue;
    const end = balancedEnd(output, start);
    if (end === undefined) continue;
    try {
      values.push(JSON.parse(output.slice(start, end)));
      start = end - 1;
    } catch {
      // Brackets in plain text: not an answer.
    }
  }
  return values;
}

/** The index after the bracket that closes the one at `start`, strings skipped; undefined when it never closes. */
export function balancedEnd(text: string, start: number): number | undefined {
  let depth = 0;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (char === '"') {
      for (at += 1; at < text.length && text[at] !== '"'; at += 1) if (text[at] === '\\') at += 1;
    } else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
  }
  return undefined;
}
