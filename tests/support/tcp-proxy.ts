import net from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of a real server (the api-pg tier's PostgreSQL), which a test can cut and
 * restore: `down()` drops every connection and refuses new ones, as a database that went away would; `up()` listens
 * again on the same port. `stall()` stops forwarding what the app sends, so a query stays in flight until `down()`.
 */
export interface TcpProxy {
  port: number;
  stall(): void;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    client.on('data', (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const down = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };
  return {
    port,
    stall: () => {
      stalled = true;
    },
    down,
    up: async () => {
      stalled = false;
      await listen(port);
    },
    close: async () => {
      if (server.listening) await down();
    },
  };
}
