import crypto from 'node:crypto';
import net from 'node:net';

/** Below Linux's ephemeral range (32768–60999 by default), where the kernel picks no port by itself. */
const LOWEST = 20_000;
const SPAN = 12_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port for a server a test starts with its address known beforehand (APP_URL). A port the kernel picked
 * (listening on 0) is free only until the kernel hands it out again, to another test's server or to an outgoing
 * connection, and a server started on it a moment later failed once in CI ("Port 33517 is already in use"):
 * these ports come from below the ephemeral range, which only an explicit choice like this one takes.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = LOWEST + crypto.randomInt(SPAN);
    if (await canListen(port)) return port;
  }
}
