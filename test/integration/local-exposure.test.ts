import { readFileSync } from 'node:fs';
import { dynamoDbLocalCorsOrigin } from '../../shared/local/dynamodb-local';

/**
 * The local stack exposes nothing beyond this machine's loopback: DynamoDB
 * Local (started by the test setup exactly as `npm start` starts it) neither
 * listens on another interface nor lets a web page's script call it.
 */
const endpoint = new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '');
const port = Number(endpoint.port);

/** Local addresses of the listening TCP sockets on `port`, from the kernel's own tables (Linux). */
function listeningAddresses(): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A')
      .map((fields) => fields[1]!.split(':')[0]!),
  );
}

// 127.0.0.1 as /proc writes it: in tcp, little-endian hex; in tcp6, as an IPv4-mapped address.
const loopback = new Set(['0100007F', '0000000000000000FFFF00000100007F']);

describe('DynamoDB Local as the local stack runs it', () => {
  it('listens on 127.0.0.1 only', () => {
    const addresses = listeningAddresses();
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(loopback.has(address)).toBe(true);
  });

  const preflight = (origin: string) =>
    fetch(endpoint, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target' },
    });

  it('runs with its CORS allow-list set to one origin no page can have, not its default `*`', async () => {
    expect(new URL(dynamoDbLocalCorsOrigin).hostname.endsWith('.invalid')).toBe(true);
    const allowed = await preflight(dynamoDbLocalCorsOrigin);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(dynamoDbLocalCorsOrigin);
    // Under the default allow-list `*`, this origin is the one answered with `*`.
    const wildcard = await preflight('*');
    expect(wildcard.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gives a web page no CORS permission', async () => {
    for (const origin of ['http://attacker.example', 'http://127.0.0.1:3000', 'null']) {
      expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
