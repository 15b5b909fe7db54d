import type { Response } from 'express';
import { SandboxControlError } from './sandbox-definition.ts';

/**
 * Runs a control operation: its answer with `status`, the seller's data saved after it, and a
 * SandboxControlError answered as `{ message }` with its own status.
 */
export function answerControl(res: Response, status: number, changed: () => void, work: () => unknown): void {
  try {
    const body = work();
    changed();
    res.status(status).json(body);
  } catch (error) {
    if (error instanceof SandboxControlError) res.status(error.status).json({ message: error.message });
    else throw error;
  }
}
