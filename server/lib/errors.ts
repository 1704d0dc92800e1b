/** The error every layer throws; one handler per transport renders it (docs/style.md, "One error model"). */
import type { z } from 'zod';
import {
  type AppErrorBody,
  type ErrorCode,
  defaultErrorMessage,
  errorStatus,
} from '#shared/errors';
import { unstorableTextPath } from '#shared/rules/storable-text';

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

/**
 * Parses input (a request's params, query or body; a socket command's payload) with its schema; bad
 * input throws validation_failed naming the first bad field. Text PostgreSQL refuses is bad input in any
 * string, whatever the schema, so it is refused before anything is stored.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const unstorable = unstorableTextPath(value);
  if (unstorable !== undefined) {
    throw new AppError('validation_failed', {
      field: unstorable,
      message: 'Contains a character that cannot be stored (a NUL or a broken Unicode character).',
    });
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  // The message is the rule's own text (the spec's wording where it has one); `field` says where.
  throw new AppError('validation_failed', { field, message: issue?.message ?? 'Invalid input' });
}
