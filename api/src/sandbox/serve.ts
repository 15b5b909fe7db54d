import express from 'express';
import { mountSandboxes } from './index.ts';

/**
 * One or all sandboxes on their own port, apart from the product:
 *   npm run sandbox -- --port 4001 [--profile fast] [--data-dir ./data]
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(option('port') ?? 4001);
const profile = option('profile') === 'fast' ? 'fast' : 'realistic';
const app = express();
const baseUrl = `http://localhost:${port}/sandbox`;
const sandboxes = mountSandboxes({ baseUrl, dataDir: option('data-dir'), profile });
app.use('/sandbox', sandboxes.router);
const server = app.listen(port, () => console.log(`Sandboxes (${sandboxes.kinds.join(', ')}) on ${baseUrl}/{kind} — profile ${profile}`));
// Idle connections outlive the adapters' keep-alive: a socket closed under a request loses a write's answer.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
