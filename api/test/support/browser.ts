export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A client that keeps cookies like a browser and, for state-changing calls, sends the Origin a
 * browser would (null to send none, as curl does).
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly origin: string | null,
    private readonly ip?: string,
  ) {}

  get sessionId(): string | undefined {
    return this.cookies.get('hub.sid');
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && method !== 'HEAD' && this.origin && !('origin' in extraHeaders))
      headers.origin = this.origin;
    if (this.ip) headers['x-forwarded-for'] = this.ip;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      const expired =
        attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) ||
        attributes.some((a) => /^\s*max-age=0/i.test(a));
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }

  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body, headers);
  }

  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body, headers);
  }

  async signIn(email: string, password: string) {
    const answer = await this.post('/api/auth/login', { email, password });
    if (answer.status !== 200 || !answer.body?.id)
      throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}
