/** Queue names and their payloads: the one place that says what each job carries. */
export const MAIL_QUEUE = 'mail.send';
export const MAINTENANCE_QUEUE = 'maintenance.cleanup';
export const CATALOGUE_QUEUE = 'catalogue.import';
export const ORDERS_POLL_QUEUE = 'orders.poll';
export const STOCK_PUSH_QUEUE = 'stock.push';

/** Push these SKUs' quantities to the account's target channels. */
export interface StockPushJob {
  accountId: string;
  skus: string[];
}
export const ORDERS_SCHEDULE_QUEUE = 'orders.schedule';

/** Read one channel's orders changed since the last read. */
export interface OrdersPollJob {
  accountId: string;
  channelId: string;
}

/** Read an account's main catalogue and link its targets' listings. */
export interface CatalogueJob {
  accountId: string;
}

export const authMailKinds = ['verify_email', 'reset_password', 'account_exists'] as const;
export type AuthMailKind = (typeof authMailKinds)[number];

/** The job carries who and what, never a token: the handler issues the token when it sends. */
export interface AuthMailJob {
  kind: AuthMailKind;
  userId: string;
}

export const queueDefinitions = [
  { name: MAIL_QUEUE, options: { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 } },
  { name: MAINTENANCE_QUEUE, options: { retryLimit: 2, expireInSeconds: 600 } },
  { name: ORDERS_POLL_QUEUE, options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 600 } },
  { name: STOCK_PUSH_QUEUE, options: { retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: 900 } },
  { name: ORDERS_SCHEDULE_QUEUE, options: { retryLimit: 1, expireInSeconds: 120 } },
  { name: CATALOGUE_QUEUE, options: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 3600 } },
] as const;

/** Queues filled by pg-boss's clock (schedules), not by requests. */
export const scheduledQueues = [MAINTENANCE_QUEUE, ORDERS_SCHEDULE_QUEUE] as const;
