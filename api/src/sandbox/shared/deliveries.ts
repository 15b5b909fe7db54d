/** Notifications a sandbox has under way at once. */
const DELIVERIES_IN_FLIGHT = 16;

/** One notification, tried again a few times when the receiver does not answer 2xx, as marketplaces retry deliveries. */
async function deliverOnce(url: string, body: string, headers: Record<string, string>): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(5000),
      });
      if (response.ok) return;
    } catch {
      // The receiver is down or slow: try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
  }
}

/**
 * A marketplace's delivery service: a few deliveries under way at once, the rest queued
 * (EventBridge API destinations have an invocation rate, Shopify a delivery queue), so 10,000
 * notifications of one feed are not 10,000 connections at once.
 */
export class Deliveries {
  private underWay = 0;
  private readonly waiting: Array<() => void> = [];

  /** POSTs a notification to an HTTPS (here HTTP) endpoint, retrying a few times. */
  async deliver(url: string, body: string, headers: Record<string, string>): Promise<void> {
    if (this.underWay >= DELIVERIES_IN_FLIGHT) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.underWay++;
    try {
      await deliverOnce(url, body, headers);
    } finally {
      this.underWay--;
      this.waiting.shift()?.();
    }
  }
}
