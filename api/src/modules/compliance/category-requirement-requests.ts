import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { CategoryRequirementsRow } from '../../db/queries/category-requirements.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { CATEGORY_REQUIREMENTS_QUEUE, type CategoryRequirementsJob } from '../../workers/queues.ts';
import type { CategoryRequirementFacts } from './checks.ts';

/** Asks, in the caller's transaction, for the account's categories waiting to be read: one job an account waits. */
export function requestCategoryReads(ctx: Pick<AppContext, 'jobs'>, tx: Db, accountId: string) {
  return enqueue<CategoryRequirementsJob>(
    ctx.jobs,
    tx,
    CATEGORY_REQUIREMENTS_QUEUE,
    { accountId },
    { singletonKey: accountId },
  );
}

/** A stored row as the checks read it; null where the definition could not be read (nothing is asked then). */
export const requirementFactsOf = (
  row: CategoryRequirementsRow | undefined,
  category: string,
): CategoryRequirementFacts | null =>
  row && row.failure === null ? { category, categoryName: row.categoryName, attributes: row.attributes } : null;
