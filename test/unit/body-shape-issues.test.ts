import { bodyShapeIssues, maxBodyDepth } from '../../shared/http/body-shape-issues';

describe('the shape of a parsed body, before any schema', () => {
  it('refuses a lone surrogate in a value or a key, and takes a surrogate pair (one code point) as it is', () => {
    const body = JSON.parse('{"note":"\\ud800","ok":"\\ud83d\\ude00","nested":{"\\udc00":1},"list":["a\\udbff"]}');

    expect(bodyShapeIssues(body)).toEqual(
      expect.arrayContaining([
        { path: 'note', message: 'must be well-formed Unicode' },
        { path: 'nested.?', message: 'must be well-formed Unicode' },
      ]),
    );
    expect(bodyShapeIssues(body).map((issue) => issue.path).sort()).toEqual(['list.0', 'nested.?', 'note']);
    expect(bodyShapeIssues({ ok: '\ud83d\ude00 café' })).toEqual([]);
  });

  it(`refuses nesting deeper than ${maxBodyDepth} levels`, () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level <= maxBodyDepth + 1; level += 1) deep = { deeper: deep };

    expect(bodyShapeIssues(deep).length).toBeGreaterThan(0);
  });
});
