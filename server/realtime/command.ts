/**
 * Wraps a socket command handler so the payload is parsed with the command's schema at the edge; bad
 * input is refused with validation_failed naming the field (docs/style.md, "Parse at the edge").
 */
import type { z } from 'zod';
import { parseInput } from '../lib/errors';
import type { CommandContext } from './socket-server';

export function command<P extends z.ZodType, R extends z.ZodType>(
  contract: { payload: P; result: R },
  handler: (ctx: CommandContext, payload: z.output<P>) => Promise<z.input<R>>,
): (ctx: CommandContext, raw: unknown) => Promise<z.input<R>> {
  return async (ctx, raw) => handler(ctx, parseInput(contract.payload, raw));
}
