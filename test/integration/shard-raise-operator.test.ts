import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { maxShards, raiseDelayMs, shardLayout } from '../../shared/db/shard-layout';
import { projectRoot } from '../../shared/local/project-root';
import { freshId, useStack } from '../support/harness';
import { invokeOperator } from '../support/local-api';

/**
 * `npm run admin -- organisation raise-shards --orgcode ORG --shards N`: the
 * operator raises an organisation's layout (docs/decisions.md: Partition
 * heat), effective for writes `raiseDelayMs` later, and never lowers it.
 */
useStack();

const raise = (orgcode: string, shards: number) => invokeOperator<Record<string, unknown>>('credential-admin', { action: 'raise-shards', orgcode, shards });

describe('the raise-shards operator', () => {
  it('raises the layout, read at once and written to once every cached copy has expired, and never lowers it', async () => {
    const orgcode = freshId('SHO').toUpperCase();
    const before = Date.now();
    const raised = await raise(orgcode, 16);
    expect(raised).toMatchObject({ orgcode, shards: 16, previous_shards: 1 });
    expect(Date.parse(String(raised.effective_at))).toBeGreaterThanOrEqual(before + raiseDelayMs);
    expect(await shardLayout(orgcode)).toEqual({ readShards: 16, writeShards: 1 });
    expect(await shardLayout(orgcode, Date.parse(String(raised.effective_at)))).toEqual({ readShards: 16, writeShards: 16 });

    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(raise(orgcode, 8)).rejects.toThrow(/never decreases/);
      await expect(raise(orgcode, maxShards + 1)).rejects.toThrow(/shards/);
      // A payload that does not validate is one line in the npm start terminal: its message, no stack; the operator's own refusal keeps its stack.
      expect(consoleError.mock.calls).toEqual([
        ['Function credential-admin failed:', expect.objectContaining({ message: expect.stringMatching(/never decreases/) })],
        [expect.stringMatching(/^Function credential-admin refused its payload: [^\n]*shards[^\n]*$/)],
      ]);
    } finally {
      consoleError.mockRestore();
    }
    expect(await raise(orgcode, 16)).toMatchObject({ shards: 16, effective_at: raised.effective_at });
  });

  it('is what the admin command sends, which checks its flags before sending anything', async () => {
    const command = promisify(execFile)('npx', ['tsx', 'bin/admin.ts', 'organisation', 'raise-shards', '--orgcode', 'ACME'], { cwd: projectRoot() });
    await expect(command).rejects.toMatchObject({ stderr: expect.stringContaining('organisation raise-shards needs --shards:') });
  });
});
