import net from 'node:net';

/**
 * A TCP proxy in front of the PostgreSQL server, for failover tests and bench/failover.bench.ts: the
 * shop connects through it, and the test takes the database away and brings it back the ways a failover
 * does, without touching the server other tests use.
 *
 * - `cut()`: every open connection is reset and new ones are refused until `restore()` (a restart, a
 *   failover to a standby that is not promoted yet, a proxy dropping connections);
 * - `blackhole()`: connections stay open, new ones are accepted, and nothing gets through in either
 *   direction (a network partition: the client hears nothing, not even a refusal);
 * - `restore()`: connections go through again (open ones stay dead: the server side has given them up).
 */
export type DatabaseProxy = {
  /** The database URL with the proxy's host and port. */
  url: string;
  cut(): void;
  blackhole(): void;
  restore(): void;
  close(): Promise<void>;
};

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  let mode: 'open' | 'cut' | 'blackhole' = 'open';
  const pairs = new Set<{ client: net.Socket; server: net.Socket }>();
  const unanswered = new Set<net.Socket>();

  const proxy = net.createServer((client) => {
    client.on('error', () => {});
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    // Accepted, then silence: the client's bytes go nowhere.
    if (mode === 'blackhole') {
      client.pause();
      unanswered.add(client);
      client.on('close', () => unanswered.delete(client));
      return;
    }
    const server = net.connect(targetPort, target.hostname);
    server.on('error', () => client.destroy());
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
    const pair = { client, server };
    pairs.add(pair);
    client.on('close', () => pairs.delete(pair));
    client.on('data', (chunk) => {
      if (mode === 'open') server.write(chunk);
    });
    server.on('data', (chunk) => {
      if (mode === 'open') client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const handle: DatabaseProxy = {
    url: url.toString(),
    cut() {
      mode = 'cut';
      for (const { client, server } of pairs) {
        client.resetAndDestroy();
        server.destroy();
      }
      pairs.clear();
    },
    blackhole() {
      mode = 'blackhole';
    },
    restore() {
      // Connections that lived through a blackhole lost bytes: the server gives them up, so do we.
      if (mode === 'blackhole') {
        for (const { client, server } of pairs) {
          client.resetAndDestroy();
          server.destroy();
        }
        pairs.clear();
        for (const client of unanswered) client.resetAndDestroy();
        unanswered.clear();
      }
      mode = 'open';
    },
    async close() {
      handle.restore();
      handle.cut();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
  return handle;
}
