import { Router, type Request } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { accountRateLimit } from '../middleware/rate-limit.ts';
import { auditContext, requireUser } from '../request-context.ts';
import type { IssueFilter } from '../../db/queries/compliance.ts';
import {
  issuesCsv,
  listIssues,
  recheckNow,
  restrictedWords,
  setRestrictedWords,
} from '../../modules/compliance/compliance.ts';

type ComplianceIssuePage = components['schemas']['ComplianceIssuePage'];
type RestrictedWordsBody = components['schemas']['RestrictedWordsBody'];

/** The filters, as the contract has already checked them. */
function readFilter(req: Request): IssueFilter {
  const text = (name: string) =>
    typeof req.query[name] === 'string' && req.query[name] !== '' ? String(req.query[name]) : undefined;
  return {
    severity: text('severity') as IssueFilter['severity'],
    channelId: text('channelId'),
    code: text('code'),
  };
}

const integer = (req: Request, name: string, fallback: number) =>
  req.query[name] === undefined ? fallback : Number(req.query[name]);

/** The Compliance page: the account's listings' issues, their CSV, its restricted words, a re-check. */
export function complianceRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/compliance/issues', requireUser, async (req, res) => {
    const page = { page: integer(req, 'page', 1), pageSize: integer(req, 'pageSize', 50) };
    const found = await listIssues(ctx, req.user!.accountId, readFilter(req), page);
    res.json(found as ComplianceIssuePage);
  });

  router.get('/api/compliance/issues/export', requireUser, accountRateLimit(ctx, 'export'), async (req, res) => {
    const csv = await issuesCsv(ctx, req.user!.accountId, readFilter(req));
    res
      .status(200)
      .set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="compliance-issues.csv"',
        'Cache-Control': 'no-store',
      })
      .send(csv);
  });

  router.get('/api/compliance/restricted-words', requireUser, async (req, res) => {
    res.json(await restrictedWords(ctx, req.user!.accountId));
  });

  router.put('/api/compliance/restricted-words', requireUser, async (req, res) => {
    const body = req.body as RestrictedWordsBody;
    res.json(await setRestrictedWords(ctx, auditContext(req), req.user!.accountId, body.text));
  });

  router.post('/api/compliance/recheck', requireUser, accountRateLimit(ctx, 'syncNow'), async (req, res) => {
    res.json(await recheckNow(ctx, req.user!.accountId));
  });

  return router;
}
