import { Session } from 'node:inspector/promises';
import express, { type NextFunction, type Request, type Response } from 'express';
import { mountSandboxes, sandboxDefinitions } from '../../api/src/sandbox/index.ts';
import { openAccess } from '../../api/src/sandbox/shared/sandbox-access.ts';
import { benchApplications } from './bench-applications.ts';

/**
 * The four marketplace sandboxes in a process of their own for the sync benchmarks: the product
 * under test does not share its event loop with the marketplaces, as in production. State is kept
 * in memory only (no data dir: a 10,000-SKU catalogue is not re-serialised every 200 ms).
 *
 *   tsx bench/sync/sandbox-server.ts --port 4100 [--profile fast|realistic] [--shopify-rate 1000 --shopify-bucket 1000]
 *
 * `--shopify-rate/--shopify-bucket` declare another Shopify plan's cost bucket in the realistic
 * profile (the sandbox declares the Standard plan: 100 points/s, 1,000 points). Besides the
 * sandboxes' own API it answers GET /bench/stats (marketplace API calls counted per operation, 429
 * answers, Shopify points charged) and POST /bench/stats/reset; POST /bench/profile/start and
 * /bench/profile/stop (which answers the CPU profile taken between them).
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(option('port') ?? 4100);
const profile = option('profile') === 'realistic' ? 'realistic' : 'fast';
const shopifyRate = option('shopify-rate');
if (shopifyRate) {
  const graphql = { rate: Number(shopifyRate), burst: Number(option('shopify-bucket') ?? 1000) };
  sandboxDefinitions.shopify!.limits.realistic = { ...sandboxDefinitions.shopify!.limits.realistic, graphql };
}

interface Stats {
  calls: Record<string, number>;
  throttled: Record<string, number>;
  shopifyPoints: number;
}
let stats: Stats = { calls: {}, throttled: {}, shopifyPoints: 0 };

/** `/listings/2021-08-01/items/A1B2/NOR-123-00001` → `/listings/2021-08-01/items/:id/:id`: one key per operation. */
const operationPath = (path: string) =>
  path
    .split('/')
    .map((segment, i) =>
      i > 0 && /\d/.test(segment) && !/^\d{4}-\d{2}-\d{2}$/.test(segment) && !/^v\d+$/.test(segment) ? ':id' : segment,
    )
    .join('/');

const count = (req: Request, res: Response, next: NextFunction) => {
  const kind = req.params.kind!;
  if (req.path.startsWith('/_control') || req.path.startsWith('/_images')) return next();
  let answered: unknown;
  const json = res.json.bind(res);
  res.json = (payload: unknown) => {
    answered = payload;
    return json(payload);
  };
  res.on('finish', () => {
    const body = req.body as { query?: string; operationName?: string } | undefined;
    const graphqlName =
      kind === 'shopify' && typeof body?.query === 'string'
        ? ` ${body.operationName ?? body.query.match(/^\s*(?:query|mutation)\s+(\w+)/)?.[1] ?? 'anonymous'}`
        : '';
    const key = `${kind} ${req.method} ${operationPath(req.path)}${graphqlName}`;
    const cost = answered as
      | {
          extensions?: { cost?: { actualQueryCost?: number | null } };
          errors?: Array<{ extensions?: { code?: string } }>;
        }
      | undefined;
    const throttled = res.statusCode === 429 || cost?.errors?.some((e) => e.extensions?.code === 'THROTTLED');
    if (throttled) stats.throttled[key] = (stats.throttled[key] ?? 0) + 1;
    if (throttled && process.env.BENCH_DEBUG)
      console.log(
        'THROTTLED',
        key,
        JSON.stringify((answered as { extensions?: unknown })?.extensions),
        new Date().toISOString(),
      );
    else stats.calls[key] = (stats.calls[key] ?? 0) + 1;
    if (kind === 'shopify') stats.shopifyPoints += cost?.extensions?.cost?.actualQueryCost ?? 0;
  });
  next();
};

const app = express();
const baseUrl = `http://127.0.0.1:${port}/sandbox`;
const sandboxes = mountSandboxes({
  baseUrl,
  dataDir: undefined,
  profile,
  access: openAccess,
  applications: benchApplications,
});
app.get('/bench/stats', (_req, res) => res.json(stats));
app.post('/bench/stats/reset', (_req, res) => {
  stats = { calls: {}, throttled: {}, shopifyPoints: 0 };
  res.json({ ok: true });
});
let profiler: Session | undefined;
app.post('/bench/profile/start', async (_req, res) => {
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
  res.json({ ok: true });
});
app.post('/bench/profile/stop', async (_req, res) => {
  if (!profiler) return void res.status(409).json({ message: 'no profile started' });
  const { profile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  profiler = undefined;
  res.json(profile);
});
app.use('/sandbox/:kind', count);
app.use('/sandbox', sandboxes.router);
const server = app.listen(port, '127.0.0.1', () => console.log(`bench sandboxes listening on ${baseUrl} (${profile})`));
// As the product's server: idle connections outlive the adapters' keep-alive (a closing socket would lose a write's answer).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
const stop = () => {
  sandboxes.close();
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
