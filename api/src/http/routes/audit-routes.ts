import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../../context.ts';
import { accountRateLimit } from '../middleware/rate-limit.ts';
import { requireStaff, requireUser } from '../request-context.ts';
import { auditLogCsv, auditLogPage, type AuditFilter } from '../../modules/audit/audit-reading.ts';

/** The filters, as the contract has already checked them. */
function readFilter(req: Request): AuditFilter {
  const text = (name: string) =>
    typeof req.query[name] === 'string' && req.query[name].trim() !== '' ? req.query[name].trim() : undefined;
  const time = (name: string) => {
    const value = text(name);
    return value === undefined ? undefined : new Date(value);
  };
  return {
    actorEmail: text('actor')?.toLowerCase(),
    action: text('action'),
    targetType: text('targetType'),
    targetId: text('targetId'),
    from: time('from'),
    to: time('to'),
    search: text('q'),
  };
}

const readPage = (req: Request) => ({
  cursor: typeof req.query.cursor === 'string' && req.query.cursor !== '' ? req.query.cursor : undefined,
  limit: req.query.limit === undefined ? 50 : Number(req.query.limit),
});

const sendCsv = (res: Response, csv: string) =>
  res
    .status(200)
    .set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="audit-log.csv"',
      'Cache-Control': 'no-store',
    })
    .send(csv);

/**
 * Audit Logs: an account's users read their account's entries (the account they act as, so an
 * administrator viewing as a seller reads the seller's), without the IP and browser of staff who
 * acted as them; platform staff read every account's, in full.
 */
export function auditRoutes(ctx: AppContext): Router {
  const router = Router();

  const accountFilter = (req: Request): AuditFilter => ({
    ...readFilter(req),
    accountId: req.user!.accountId,
    hideStaffOrigin: true,
  });

  router.get('/api/audit-logs', requireUser, async (req, res) => {
    res.json(await auditLogPage(ctx, accountFilter(req), readPage(req)));
  });

  router.get('/api/audit-logs/export', requireUser, accountRateLimit(ctx, 'export'), async (req, res) => {
    sendCsv(res, await auditLogCsv(ctx, accountFilter(req)));
  });

  const staffAccount = (req: Request) =>
    typeof req.query.accountId === 'string' && req.query.accountId !== '' ? req.query.accountId : undefined;

  router.get('/api/admin/audit-logs', requireStaff, async (req, res) => {
    res.json(await auditLogPage(ctx, { ...readFilter(req), accountId: staffAccount(req) }, readPage(req)));
  });

  router.get('/api/admin/audit-logs/export', requireStaff, accountRateLimit(ctx, 'export'), async (req, res) => {
    sendCsv(res, await auditLogCsv(ctx, { ...readFilter(req), accountId: staffAccount(req) }));
  });

  return router;
}
