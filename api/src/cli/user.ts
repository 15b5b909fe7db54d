import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createReadCaches } from '../db/read-caches.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { AppError } from '../context.ts';
import { changeRoleByEmail, isRole } from '../modules/auth/roles.ts';
import { systemContext } from '../modules/audit/audit-log.ts';
import { roleValues } from '../db/schema/index.ts';
import { fileStoreFor } from '../storage/file-store.ts';

const usage = `Usage: npm run user -- set-role <email> <role>
  role: ${roleValues.join(', ')}
Makes the first administrator, for example: npm run user -- set-role you@example.com super_user`;

/** Operator commands that run beside (not through) the web app. */
async function main(args: string[]): Promise<number> {
  const [command, email, role] = args;
  if (command !== 'set-role' || !email || !role) {
    console.error(usage);
    return 2;
  }
  if (!isRole(role)) {
    console.error(`Unknown role "${role}". Roles: ${roleValues.join(', ')}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    // The job queue is not needed to change a role: a context without one is enough here.
    const ctx = {
      config,
      db: database.db,
      otherProcessesWrite: true,
      jobs: undefined as never,
      clock: () => new Date(),
      // Never listening: every read goes to the database.
      caches: createReadCaches(),
      marketplaces: undefined as never,
      files: fileStoreFor(config),
    };
    const { user, changed } = await changeRoleByEmail(ctx, { ...systemContext, userAgent: 'cli' }, email, role);
    console.log(
      changed ? `${user.email} is now ${role} (was ${user.role}).` : `${user.email} already has the role ${role}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(`${error.message}\n(Stop the running app, then run this command again.)`);
    process.exitCode = 1;
  } else throw error;
}
