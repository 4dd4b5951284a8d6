import { answerMismatches, parseAnswerPattern, printedJson } from '../support/answer-pattern';
import { placeholdersIn, shellBlocks, stepProblems, walkthroughSteps } from '../support/readme-walkthrough';

const mismatches = (pattern: string, actual: unknown) => answerMismatches(parseAnswerPattern(pattern), actual);

describe('answer patterns', () => {
  it('match an answer that has the members shown, whatever else an object with … holds', () => {
    const answer = { success: true, data: { payout: { payout_id: 'cpo_01ABC', status: 'pending', amount: 5.77, revision: 1 } }, stats: {} };

    expect(mismatches('{"success":true,"data":{"payout":{"payout_id":"cpo_…","status":"pending","amount":5.77,…}},…}', answer)).toEqual([]);
  });

  it('name the path of every difference: a value, a missing member, a string unlike the shown one', () => {
    const answer = { data: { payout: { payout_id: 'pay_1', status: 'approved' } } };

    expect(mismatches('{"data":{"payout":{"payout_id":"cpo_…","status":"pending","amount":…,…}},…}', answer)).toEqual([
      '$.data.payout.payout_id: expected a string like "cpo_…", got "pay_1"',
      '$.data.payout.status: expected "pending", got "approved"',
      '$.data.payout: missing member "amount"',
    ]);
  });

  it('hold an object without … to exactly its members', () => {
    expect(mismatches('{"items":[],"marked":1}', { items: [], marked: 1, complete: true })).toEqual(['$: unexpected member "complete"']);
  });

  it('hold an array without … to exactly its elements, and let … stand for any number of them', () => {
    expect(mismatches('[1,2]', [1, 2, 3])).toEqual(['$: expected 2 elements, got 3: [1,2,3]']);
    expect(mismatches('[…]', [])).toEqual([]);
    expect(mismatches('[{"kind":"bonus",…},…]', [{ kind: 'bonus', amount: 50 }, { kind: 'commission' }])).toEqual([]);
    expect(mismatches('[…,{"kind":"bonus",…},…]', [{ kind: 'commission' }, { kind: 'bonus' }])).toEqual([]);
    expect(mismatches('[…,{"kind":"bonus",…}]', [{ kind: 'bonus' }, { kind: 'commission' }])).toHaveLength(1);
  });

  it('let … inside a string stand for any characters, anywhere in it', () => {
    expect(mismatches('"…decimals…"', 'detail.amount.amount: has more decimals than USD has')).toEqual([]);
    expect(mismatches('"ak.QUNNRQ.…"', 'ak.QUNNRQ.secret')).toEqual([]);
    expect(mismatches('"a.c…"', 'abc')).toHaveLength(1);
  });

  it('compare numbers, booleans and null exactly, and refuse what is not JSON with …', () => {
    expect(mismatches('{"count":2,"complete":true,"next_token":null}', { count: 2, complete: true, next_token: null })).toEqual([]);
    expect(mismatches('{"count":2}', { count: '2' })).toEqual(['$.count: expected 2, got "2"']);
    expect(() => parseAnswerPattern('{"a":1,}')).toThrow(/Expected a string at offset 7/);
    expect(() => parseAnswerPattern('{"a":1} trailing')).toThrow(/the end of the pattern/);
  });
});

describe('printed JSON', () => {
  it('finds every answer in a step’s output, pretty or on one line, among other text', () => {
    const output = '{"success":true}\nNote: {not json}\n{\n  "run_id": "frr_1",\n  "days": [{"dt": "2026-11-20"}]\n}\nexit status 1\n';

    expect(printedJson(output)).toEqual([{ success: true }, { run_id: 'frr_1', days: [{ dt: '2026-11-20' }] }]);
  });

  it('reads brackets inside strings as text', () => {
    expect(printedJson('{"title":"a } and a ]","list":["[x]"]}')).toEqual([{ title: 'a } and a ]', list: ['[x]'] }]);
  });
});

const readme = [
  '# Title', //                                   1
  '```console', //                                2
  'npx cdk deploy', //                            3
  '```', //                                       4
  '```sh', //                                     5
  'KEY=$(json secret)', //                        6
  'acct /event/get \'{"event_id":"e"}\'', //      7
  '# {"success":true,…}', //                      8
  'admin dead-letter redrive --id "$ID"', //      9
  '# {"outcome":"kept",', //                     10
  '#  "error_type":"ValidationError",…}', //     11
  '# exit status 1', //                          12
  'echo done', //                                13
  '```', //                                      14
  '```json', //                                  15
  '{"Source":"retail.orders"}', //               16
  '```', //                                      17
  '```sh', //                                    18
  'false', //                                    19
  '# exit status 1', //                          20
  '# a closing remark', //                       21
  '```', //                                      22
].join('\n');

describe('the walkthrough of a README', () => {
  it('takes only the ```sh blocks, with the README line of each', () => {
    expect(shellBlocks(readme).map(({ line, lines }) => ({ line, first: lines[0] }))).toEqual([
      { line: 6, first: 'KEY=$(json secret)' },
      { line: 19, first: 'false' },
    ]);
  });

  it('cuts the blocks into steps at each answer and exit status, an answer continued until its brackets close', () => {
    const steps = walkthroughSteps(readme);

    expect(steps.map(({ line, script, expected, exitStatus }) => ({ line, script, expected: expected?.text, exitStatus }))).toEqual([
      { line: 6, script: 'KEY=$(json secret)\nacct /event/get \'{"event_id":"e"}\'', expected: '{"success":true,…}', exitStatus: 0 },
      { line: 9, script: 'admin dead-letter redrive --id "$ID"', expected: '{"outcome":"kept",\n "error_type":"ValidationError",…}', exitStatus: 1 },
      { line: 13, script: 'echo done', expected: undefined, exitStatus: 0 },
      { line: 19, script: 'false', expected: undefined, exitStatus: 1 },
    ]);
    expect(answerMismatches(steps[1]!.expected!.pattern, { outcome: 'kept', error_type: 'ValidationError', id: 'x' })).toEqual([]);
  });

  it('refuses an answer with no command before it, or one whose brackets never close', () => {
    expect(() => walkthroughSteps('```sh\n# {"success":true}\n```')).toThrow(/line 2: an answer or exit status with no command/);
    expect(() => walkthroughSteps('```sh\necho\n# {"success":true,\necho\n```')).toThrow(/line 3: the answer's brackets never close/);
    expect(() => walkthroughSteps('```sh\necho\n# {"success":tru}\n```')).toThrow(/line 3: Expected a value/);
  });

  it('checks a step’s run: its exit status, its last answer against the one shown, and no failed call it did not show', () => {
    const [shown, redrive] = walkthroughSteps(readme);
    const ok = '{"success":true,"data":{}}';
    const failed = '{"success":false,"error":{"code":"accounting.not_found"}}';

    expect(stepProblems(shown!, { stdout: `${ok}\n`, status: 0 })).toEqual([]);
    expect(stepProblems(shown!, { stdout: `${failed}\n${ok}\n`, status: 0 })).toEqual(['a call failed: {"code":"accounting.not_found"}']);
    expect(stepProblems(shown!, { stdout: `${failed}\n`, status: 0 })).toEqual([
      'answer unlike the README\'s: $.success: expected true, got false',
      'a call failed: {"code":"accounting.not_found"}',
    ]);
    expect(stepProblems(shown!, { stdout: 'curl: (7) Failed to connect\n', status: 7 })).toEqual([
      'exit status 7, the README says 0',
      'printed no JSON answer, the README shows one',
    ]);
    expect(stepProblems(redrive!, { stdout: '{"outcome":"kept","error_type":"ValidationError"}', status: 1 })).toEqual([]);
    expect(stepProblems(redrive!, { stdout: '{"outcome":"kept","error_type":"ValidationError"}', status: 0 })).toEqual([
      'exit status 0, the README says 1',
    ]);
  });

  it('finds the placeholders a reader would have to fill in, but not here-documents', () => {
    const markdown = '```sh\nacct /invoice/get <<JSON\n{"invoice_id":"<invoice_id>"}\nJSON\n```\n```console\n--function-name <Name>\n```';

    expect(placeholdersIn(markdown)).toEqual([{ line: 3, text: '<invoice_id>' }]);
  });
});
