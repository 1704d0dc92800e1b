/** The error every layer throws; one handler per transport renders it (docs/style.md, "One error model"). */
import type { z } from 'zod';
import {
  type AppErrorBody,
  type ErrorCode,
  defaultErrorMessage,
  errorStatus,
} from '#shared/errors';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    opts: {
      message?: string;
      field?: string;
      details?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(opts.message ?? defaultErrorMessage[code], { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = opts.field;
    this.details = opts.details;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody(): AppErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

/** Parses input with its schema; bad input throws validation_failed naming the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  // The message is the rule's own text (the spec's wording where it has one); `field` says where.
  throw new AppError('validation_failed', { field, message: issue?.message ?? 'Invalid input' });
}
