import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseCommandLine } from '../../bin/admin-command-line';
import { projectRoot } from '../../shared/local/project-root';

/** What the admin CLI (bin/admin.ts) says to a command line that does not fit: the bad word, what would fit, everything missing at once. */

const refusal = (args: string[]): string => {
  try {
    parseCommandLine(args);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${args.join(' ')} was accepted`);
};

describe('the admin command line', () => {
  it('names a mistyped command and the closest one, without the whole usage', () => {
    expect(refusal(['credentail', 'issue', '--orgcode', 'ACME'])).toBe(
      'Unknown command "credentail issue". Did you mean "credential issue"? npm run -s admin -- --help lists every command.',
    );
    expect(refusal(['dead-letter', 'redirve'])).toMatch(/^Unknown command "dead-letter redirve"\. Did you mean "dead-letter redrive"\?/);
    expect(refusal(['frobnicate'])).toBe('Unknown command "frobnicate". npm run -s admin -- --help lists every command.');
  });

  it('lists the actions of a command given without one', () => {
    expect(refusal(['credential']).split('\n')[0]).toBe('credential needs an action: issue, revoke or list.');
  });

  it('names every missing flag at once, with the command’s usage', () => {
    const message = refusal(['credential', 'issue', '--roles', 'acct_view']);

    expect(message.split('\n')[0]).toBe('credential issue needs --orgcode and --actor:');
    expect(message).toContain('npm run -s admin -- credential issue --orgcode ORG --actor ACTOR');
    expect(message).not.toContain('dead-letter');
  });

  it('names an unknown flag and the closest one, in plain words', () => {
    expect(refusal(['credential', 'list', '--orgcod', 'ACME'])).toBe(
      'Unknown flag --orgcod. Did you mean --orgcode? npm run -s admin -- --help lists every command.',
    );
    expect(refusal(['credential', 'list', '--orgcode'])).toMatch(/^--orgcode needs a value \(--orgcode VALUE\)\./);
  });

  it('takes a command with its flags, and --help', () => {
    expect(parseCommandLine(['credential', 'list', '--orgcode', 'ACME'])).toEqual({ command: 'credential list', flags: { orgcode: 'ACME' } });
    expect(parseCommandLine(['--help'])).toBeUndefined();
  });

  it('says how to give a deployed function its region when the environment has none, before calling AWS', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, AWS_CONFIG_FILE: '/nonexistent', AWS_SHARED_CREDENTIALS_FILE: '/nonexistent' };
    for (const name of ['AWS_REGION', 'AWS_DEFAULT_REGION', 'AWS_PROFILE']) delete env[name];
    const run = await promisify(execFile)('npx', ['tsx', 'bin/admin.ts', 'credential', 'list', '--orgcode', 'ACME', '--function-name', 'f'], { cwd: projectRoot(), env }).then(
      () => ({ stderr: '', code: 0 }),
      (error: { stderr: string; code: number }) => error,
    );

    expect({ code: run.code, stderr: run.stderr.trim() }).toEqual({
      code: 1,
      stderr: 'No AWS region for f: give --region R, or set AWS_REGION (or a region in your AWS profile).',
    });
  }, 30_000);
});
