import { type AnswerPattern, answerMismatches, balancedEnd, parseAnswerPattern, printedJson } from './answer-pattern';

/**
 * The README's walkthrough as a script (test/integration/readme.test.ts runs
 * it). The convention, stated once at the top of the README's "Try it":
 *
 *   - every ```sh block is part of the script, run in order in one bash
 *     session; blocks of any other kind (```console for deployed stacks) are not;
 *   - a comment that opens with `{` or `[` right after a command is the answer
 *     it prints, as an answer pattern (./answer-pattern.ts), continued over the
 *     next comment lines until its brackets close;
 *   - `# exit status N` after a command (or its answer) says it exits N; a
 *     command without one must exit 0.
 *
 * A step is the commands up to an answer or an exit status, checked together:
 * the answer is the last JSON the step prints.
 */
export interface WalkthroughStep {
  /** README line (1-based) of the step's first line. */
  line: number;
  script: string;
  expected?: { text: string; pattern: AnswerPattern };
  exitStatus: number;
}

export interface ShellBlock {
  /** README line (1-based) of the block's first line inside the fence. */
  line: number;
  lines: string[];
}

/** The ```sh blocks of a Markdown text, in order. */
export function shellBlocks(markdown: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  let open: { language: string; block: ShellBlock } | undefined;
  markdown.split('\n').forEach((line, index) => {
    const fence = /^```\s*(\S*)/.exec(line);
    if (!open) {
      if (fence) open = { language: fence[1] ?? '', block: { line: index + 2, lines: [] } };
    } else if (fence && fence[1] === '') {
      if (open.language === 'sh') blocks.push(open.block);
      open = undefined;
    } else {
      open.block.lines.push(line);
    }
  });
  if (open) throw new Error(`A code block opened at line ${open.block.line - 1} is never closed`);
  return blocks;
}

const exitStatusLine = /^#\s*exit status (\d+)\s*$/;
const answerOpening = /^#\s*[{[]/;
const uncommented = (line: string) => line.trim().replace(/^#\s?/, '');
const isCommand = (line: string) => line.trim() !== '' && !line.trim().startsWith('#');

/** The walkthrough's steps: every ```sh block of `markdown`, cut at each answer or exit status it shows. */
export function walkthroughSteps(markdown: string): WalkthroughStep[] {
  return shellBlocks(markdown).flatMap(stepsOfBlock);
}

function stepsOfBlock(block: ShellBlock): WalkthroughStep[] {
  const steps: WalkthroughStep[] = [];
  let pending: { line: number; lines: string[] } | undefined;
  const close = (readmeLine: number, exitStatus: number, expected?: WalkthroughStep['expected']) => {
    if (!pending?.lines.some(isCommand)) throw new Error(`README line ${readmeLine}: an answer or exit status with no command before it`);
    steps.push({ line: pending.line, script: pending.lines.join('\n'), expected, exitStatus });
    pending = undefined;
  };

  for (let at = 0; at < block.lines.length; at += 1) {
    const line = block.lines[at] ?? '';
    const readmeLine = block.line + at;
    if (answerOpening.test(line.trim())) {
      let text = uncommented(line);
      while (balancedEnd(text, text.search(/[{[]/)) === undefined) {
        const next = block.lines[at + 1];
        if (next === undefined || !next.trim().startsWith('#')) throw new Error(`README line ${readmeLine}: the answer's brackets never close`);
        text += `\n${uncommented(next)}`;
        at += 1;
      }
      const status = exitStatusLine.exec((block.lines[at + 1] ?? '').trim());
      if (status) at += 1;
      close(readmeLine, Number(status?.[1] ?? 0), { text, pattern: parsedAt(text, readmeLine) });
    } else if (exitStatusLine.test(line.trim())) {
      close(readmeLine, Number(exitStatusLine.exec(line.trim())?.[1]));
    } else {
      pending ??= { line: readmeLine, lines: [] };
      pending.lines.push(line);
    }
  }
  if (pending?.lines.some(isCommand)) steps.push({ line: pending.line, script: pending.lines.join('\n'), exitStatus: 0 });
  return steps;
}

function parsedAt(text: string, readmeLine: number): AnswerPattern {
  try {
    return parseAnswerPattern(text);
  } catch (error) {
    throw new Error(`README line ${readmeLine}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * What is wrong with a step's run, one line each; empty when it did what the
 * README says: it exited as shown, the last JSON it printed matches the answer
 * shown, and no answer it printed is a failure (`"success": false`) unless
 * that is the answer shown.
 */
export function stepProblems(step: WalkthroughStep, run: { stdout: string; status: number }): string[] {
  const problems: string[] = [];
  if (run.status !== step.exitStatus) problems.push(`exit status ${run.status}, the README says ${step.exitStatus}`);
  const answers = printedJson(run.stdout);
  let shownFailure: unknown;
  if (step.expected) {
    const answer = answers.at(-1);
    if (answer === undefined) problems.push('printed no JSON answer, the README shows one');
    else {
      const mismatches = answerMismatches(step.expected.pattern, answer);
      problems.push(...mismatches.map((mismatch) => `answer unlike the README's: ${mismatch}`));
      if (mismatches.length === 0) shownFailure = answer;
    }
  }
  for (const answer of answers) {
    if (answer !== shownFailure && (answer as { success?: unknown } | null)?.success === false) {
      problems.push(`a call failed: ${JSON.stringify((answer as { error?: unknown }).error)}`);
    }
  }
  return problems;
}

/**
 * Placeholders a reader would have to fill in (`<invoice_id>`) in the ```sh
 * blocks, by README line: a `<` that is not part of a here-document's `<<`,
 * closed on the same line.
 */
export function placeholdersIn(markdown: string): Array<{ line: number; text: string }> {
  return shellBlocks(markdown).flatMap((block) =>
    block.lines.flatMap((line, at) =>
      [...line.matchAll(/(?<!<)<(?!<)[^<>]*>/g)].map((match) => ({ line: block.line + at, text: match[0] })),
    ),
  );
}
