import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server on a free port that answers like a provider's API, for the adapters' tests.
 * Every request is recorded so that tests can check what the adapter sent.
 */
export type StubRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
export type StubAnswer = { status: number; body?: unknown; delayMs?: number };
export type StubHandler = (request: StubRequest) => StubAnswer | Promise<StubAnswer>;

export type StubServer = { url: string; requests: StubRequest[]; close(): Promise<void> };

export async function startStubServer(handler: StubHandler): Promise<StubServer> {
  const requests: StubRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const request: StubRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      let answer: StubAnswer;
      try {
        answer = await handler(request);
      } catch (error) {
        answer = { status: 500, body: { message: String(error) } };
      }
      const send = () => {
        if (outgoing.destroyed) return;
        const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
        outgoing.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The parsed JSON body of a recorded request. */
export function jsonOf(request: StubRequest | undefined): Record<string, unknown> {
  return JSON.parse(request?.body || 'null') as Record<string, unknown>;
}
