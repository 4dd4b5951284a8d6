import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../shared/local/project-root';

/** The README as a newcomer reads it: the first screen says what it is, how to run it and where to go; every link leads somewhere. */

const readme = readFileSync(join(projectRoot(), 'README.md'), 'utf8');
const firstScreen = readme.split('\n').slice(0, 25).join('\n');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function headingsOutsideCode(markdown: string): string[] {
  let inCode = false;
  return markdown.split('\n').flatMap((line) => {
    if (line.startsWith('```')) inCode = !inCode;
    const heading = /^#{1,6} (.+)$/.exec(line);
    return !inCode && heading ? [heading[1] ?? ''] : [];
  });
}

describe('the README', () => {
  it('opens with what the service is, the two commands and where to go next, in its first 25 lines', () => {
    expect(firstScreen).toMatch(/^# Accounting service\n\n\S/);
    expect(firstScreen).toContain('npm ci && npm start');
    expect(firstScreen).toContain('npm ci && npm test');
    expect(firstScreen).toContain('Where to go next');
    for (const section of ['#try-it', '#deploy', '#operations-runbook']) expect(firstScreen).toContain(`](${section})`);
  });

  it('links only to headings it has and files the repository has', () => {
    const anchors = new Set(headingsOutsideCode(readme).map(anchorOf));
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '').filter((target) => !/^https?:/.test(target));

    expect(links.filter((target) => (target.startsWith('#') ? !anchors.has(target.slice(1)) : !existsSync(join(projectRoot(), target.split('#')[0] ?? ''))))).toEqual([]);
    expect(links.length).toBeGreaterThan(5);
  });
});
