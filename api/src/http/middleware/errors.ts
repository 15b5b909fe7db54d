import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from '../../context.ts';

interface ValidationProblem {
  path?: string;
  message?: string;
}

const describe = (problem: ValidationProblem) => {
  const where = problem.path?.replace(/^\/(body|query|params|headers)\/?/, '').replace(/\//g, '.');
  return where ? `${where}: ${problem.message}` : (problem.message ?? 'is not valid');
};

export const notFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No such endpoint: ${req.method} ${req.path}` });
};

/** Every failure becomes `{ message }`. 4xx say what was wrong; 5xx say nothing of the internals. */
export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof AppError) {
      res.status(error.status).set(error.headers).json({ message: error.message });
      return;
    }
    const status = typeof error?.status === 'number' ? error.status : typeof error?.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      let message: string;
      if (error.type === 'entity.parse.failed') message = 'The request body is not valid JSON.';
      else if (error.type === 'entity.too.large') message = 'The request body is too large.';
      else if (Array.isArray(error.errors) && error.errors.length > 0) message = error.errors.map(describe).join('; ');
      else message = typeof error.message === 'string' && error.message ? error.message : 'Bad request';
      res.status(status).json({ message });
      return;
    }
    // A failed query's own words (a deadlock, a lost connection) are in its cause, not its stack.
    const cause = error?.cause as { code?: string; message?: string } | undefined;
    log(`[http] ${req.method} ${req.path} failed: ${cause?.message ? `(${cause.code ?? 'cause'}: ${cause.message}) ` : ''}${error?.stack ?? error}`);
    res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
  };
}
