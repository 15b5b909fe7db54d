import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call a process made to the marketplaces through the tap. */
export interface TappedCall {
  method: string;
  /** The path as sent (e.g. /sandbox/shopify/admin/api/2025-07/graphql.json). */
  path: string;
  /** The request body as text. */
  body: string;
  /** The marketplace's status, once it answered. */
  status?: number;
}

/**
 * A transparent HTTP relay between one process and the marketplace sandboxes: give the process
 * `sandboxUrl` as its SANDBOX_URL. It records every call, so a test knows which process makes which
 * calls, and it can hold an answer the marketplace already gave (the change applied there, the
 * caller never told): the moment to kill the caller.
 */
export interface MarketplaceTap {
  sandboxUrl: string;
  calls: TappedCall[];
  /** Asked once the marketplace answered a call, before the answer is passed on: 'hold' never passes it on. */
  intercept: ((call: TappedCall) => 'pass' | 'hold') | undefined;
  close(): Promise<void>;
}

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
  'te',
  'trailer',
]);

/** A tap in front of the app at `upstream` (e.g. http://localhost:3000), whose sandboxes live under /sandbox. */
export async function startMarketplaceTap(upstream: string): Promise<MarketplaceTap> {
  const target = new URL(upstream);
  const tap: MarketplaceTap = { sandboxUrl: '', calls: [], intercept: undefined, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const call: TappedCall = { method: req.method ?? 'GET', path: req.url ?? '/', body: body.toString('utf8') };
      tap.calls.push(call);
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers))
        if (!hopByHop.has(name) && value !== undefined) headers[name] = value;
      headers['content-length'] = String(body.length);
      const forward = http.request(
        { host: target.hostname, port: target.port, method: call.method, path: call.path, headers },
        (answer) => {
          const answered: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => answered.push(chunk));
          answer.on('end', () => {
            call.status = answer.statusCode ?? 0;
            if (tap.intercept?.(call) === 'hold') return; // the caller waits; it is killed meanwhile
            const out: http.OutgoingHttpHeaders = {};
            for (const [name, value] of Object.entries(answer.headers))
              if (!hopByHop.has(name) && value !== undefined) out[name] = value;
            const payload = Buffer.concat(answered);
            out['content-length'] = String(payload.length);
            res.writeHead(answer.statusCode ?? 502, out);
            res.end(payload);
          });
          answer.on('error', () => res.destroy());
        },
      );
      forward.on('error', () => res.destroy());
      // The caller gave up or died: the call still reaches the marketplace, as it would on a real network.
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tap.sandboxUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
  tap.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return tap;
}
