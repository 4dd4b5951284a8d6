import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { answerListObjectVersions, listCommonPrefixesAtAnyDepth, provideSingleDes } from './s3rver-fixes';

export interface S3LocalOptions {
  /** Defaults to a free port. */
  port?: number;
  /** Folder that holds the objects; omitted means a temporary folder removed at stop. */
  directory?: string;
}

export interface S3Local {
  endpoint: string;
  port: number;
  /** Stops the server (and removes the temporary folder, if it made one). */
  stop(): Promise<void>;
}

/**
 * Starts s3rver, the S3-compatible server, on the loopback interface, silent.
 * Clients must use path-style addressing and the built-in S3RVER credentials.
 * Listings page past 1,000 keys with ListObjectsV2 continuation tokens, as in S3.
 */
export async function startS3Local(options: S3LocalOptions = {}): Promise<S3Local> {
  provideSingleDes();
  const temporary = options.directory === undefined;
  const directory = options.directory ?? mkdtempSync(join(tmpdir(), 'accounting-s3-'));
  mkdirSync(directory, { recursive: true });
  const removeTemporary = () => {
    if (temporary) rmSync(directory, { recursive: true, force: true });
  };
  process.once('exit', removeTemporary);

  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, silent: true, directory });
  listCommonPrefixesAtAnyDepth(server.store);
  answerListObjectVersions(server);
  const { port } = await server.run();
  let stopped = false;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      const closing = server.close();
      // Keep-alive sockets of SDK clients would otherwise hold close() open.
      server.httpServer?.closeAllConnections();
      await closing;
      process.removeListener('exit', removeTemporary);
      removeTemporary();
    },
  };
}
