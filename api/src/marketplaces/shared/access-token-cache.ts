/** An access token and when it expires (epoch milliseconds). */
export interface HeldToken {
  value: string;
  expiresAt: number;
}

/**
 * A marketplace's access token, kept until it is within `marginMs` of expiring (so it never dies in flight), then
 * asked for again once however many callers want it at that moment: they all wait on the one request.
 */
export class AccessTokenCache {
  private held: HeldToken | undefined;
  private pending: Promise<HeldToken> | undefined;

  constructor(
    private readonly request: (signal?: AbortSignal) => Promise<HeldToken>,
    private readonly options: { marginMs: number; now: () => number; held?: HeldToken | undefined },
  ) {
    this.held = options.held;
  }

  /** A valid token: the one held, or a new one. */
  async get(signal?: AbortSignal): Promise<string> {
    if (this.held && this.held.expiresAt - this.options.marginMs > this.options.now()) return this.held.value;
    this.pending ??= this.request(signal)
      .then((token) => (this.held = token))
      .finally(() => {
        this.pending = undefined;
      });
    return (await this.pending).value;
  }

  /** Whether a token is held (one refused then was not just asked for). */
  get holds(): boolean {
    return this.held !== undefined;
  }

  /** Forgets the token (the marketplace refused it before its time): the next call asks for a new one. */
  forget(): void {
    this.held = undefined;
  }
}
