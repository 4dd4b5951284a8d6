import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { projectRoot } from '../../shared/local/project-root';

/** bin/deploy-preflight.ts, which `npm run deploy` runs before `cdk deploy` bundles anything. */

async function preflight(credentials: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, AWS_CONFIG_FILE: '/nonexistent', AWS_SHARED_CREDENTIALS_FILE: '/nonexistent', AWS_EC2_METADATA_DISABLED: 'true', ...credentials };
  for (const name of ['AWS_PROFILE', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_CONTAINER_CREDENTIALS_FULL_URI', 'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI', 'AWS_WEB_IDENTITY_TOKEN_FILE']) {
    if (!(name in credentials)) delete env[name];
  }
  return promisify(execFile)('npx', ['tsx', 'bin/deploy-preflight.ts'], { cwd: projectRoot(), env }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

describe('the deploy preflight', () => {
  it('stops a deploy without AWS credentials at once, saying how to sign in and to bootstrap', async () => {
    const run = await preflight({});

    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^No AWS credentials found, so nothing was bundled or deployed\./);
    expect(run.stderr).toContain('export AWS_PROFILE=');
    expect(run.stderr).toContain('npx cdk bootstrap');
  }, 30_000);

  it('lets a deploy with credentials go on, saying nothing', async () => {
    expect(await preflight({ AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'example' })).toEqual({ code: 0, stderr: '' });
  }, 30_000);
});
