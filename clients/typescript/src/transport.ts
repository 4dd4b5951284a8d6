/**
 * What the client needs of `fetch`, declared here so that neither the client
 * nor its callers need the DOM lib or @types/node for its types: the global
 * `fetch` of Node 20+, Lambda and browsers fits it, as does undici's, and so
 * does a function of the caller's (a proxy, a test's fault).
 */
export type Transport = (url: string, init: TransportRequest) => Promise<TransportResponse>;

/** The one kind of request the service takes: a POST of a JSON body. */
export interface TransportRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** What the client reads of an answer. */
export interface TransportResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** The platform's globals the client calls, typed as it calls them. */
const platform = globalThis as unknown as {
  fetch: Transport;
  crypto: { randomUUID(): string };
  setTimeout(callback: () => void, ms: number): unknown;
};

/** The global fetch, looked up at each call (so one installed after the client was made is used). */
export const globalFetch: Transport = (url, init) => platform.fetch(url, init);

export const randomUUID = (): string => platform.crypto.randomUUID();

export const pause = (ms: number): Promise<void> => new Promise((resolve) => platform.setTimeout(resolve, ms));
