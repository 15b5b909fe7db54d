/**
 * An error answer the marketplace gave no words of its own for: its status, and the start of its body where it
 * is text (a proxy's page, a plain message).
 */
export function httpStatusMessage(status: number, body: unknown): { message: string } {
  if (typeof body === 'string' && body.trim()) return { message: `HTTP ${status}: ${body.trim().slice(0, 200)}` };
  return { message: `HTTP ${status}` };
}
