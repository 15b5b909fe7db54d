import { loadConfig } from './config.ts';
import { startProduct, type ProcessRole } from './server.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';

const args = process.argv.slice(2);
const role = (args.find((a) => a.startsWith('--role='))?.split('=')[1] ?? 'all') as ProcessRole;
const dev = args.includes('--dev');
if (!['all', 'web', 'worker'].includes(role)) {
  console.error(`Unknown --role=${role}; use all, web or worker.`);
  process.exit(2);
}

const config = loadConfig(process.env, dev ? { viteDev: true, staticDir: undefined } : {});

try {
  const frontend = dev ? await (await import('./http/vite-dev.ts')).viteDevMiddleware() : undefined;
  const product = await startProduct(config, { role, ...(frontend ? { frontend } : {}) });
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  if (product.url) console.log(`Marketplace Hub is running on ${config.appUrl} (${role}, ${where})`);
  else console.log(`Marketplace Hub worker is running (${where})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`Stopping (${signal})…`);
      product.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port ${config.port} is already in use. Stop the other server or set PORT to another port.`);
    process.exit(1);
  }
  throw error;
}
