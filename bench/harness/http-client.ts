import { Agent, request } from 'node:http';

/** One keep-alive connection pool for every benchmark call: the client's own cost stays small and constant. */
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

export interface HttpAnswer {
  status: number;
  text: string;
}

/** POSTs a JSON body with node:http (lighter than fetch, whose overhead would count against the route). */
export function postJson(url: string, headers: Record<string, string>, body: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
