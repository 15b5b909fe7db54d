import type { SyncRun } from '../../api';
import type { ToastOptions } from '../../components/Toast/toastStore';

/** A count as the product writes it: "1,198". */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** "1 listing", "1,198 listings". */
export const counted = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** Where a run is, in words; also what the progress bar reads out. */
export function progressText(run: SyncRun): string {
  if (run.status === 'queued') return 'Waiting to start';
  return run.total === null
    ? `${counted(run.done, 'listing', 'listings')} read`
    : `${formatCount(run.done)} of ${counted(run.total, 'listing', 'listings')} read`;
}

/** Values found different on the channel and sent again. */
export const repairsText = (run: SyncRun) => `${counted(run.repaired, 'value', 'values')} repaired`;

/**
 * The server's plan-limit text ends by asking for a bigger plan, and an ended plan's by pointing to the
 * Billing page: such a message gets a link to Billing.
 */
export const isPlanLimitMessage = (message: string | null): boolean =>
  message !== null && /upgrade your plan|on the Billing page/i.test(message);

export interface SyncOutcome {
  /** The toast raised when the run ends. */
  toast: ToastOptions;
  /** What the card says (and announces) once the run is over. */
  summary: string;
}

/** How a finished run went, for the channel called `name`. */
export function syncOutcome(run: SyncRun, name: string): SyncOutcome {
  const read = `${counted(run.done, 'listing', 'listings')} read`;
  if (run.status === 'succeeded') {
    const detail = `${read}, ${run.repaired === 0 ? 'nothing needed repairing' : repairsText(run)}.`;
    return {
      toast: { title: `${name} Synced`, description: detail, variant: 'success' },
      summary: `Synced: ${detail}`,
    };
  }
  if (run.status === 'partial') {
    return {
      toast: {
        title: `${name} Partly Synced`,
        description: run.message ?? `${read}; some listings could not be read.`,
      },
      summary: `Partly synced: ${read}.`,
    };
  }
  return {
    toast: {
      title: `${name} Sync Failed`,
      description: run.message ?? `${name} could not be read. Try again in a few minutes.`,
      variant: 'destructive',
    },
    summary: 'The sync failed.',
  };
}
