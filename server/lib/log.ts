/** The process logger (pino, the logger Fastify itself uses), so server and workers log alike. */
import { pino } from 'pino';

/** What our code logs through: pino's and Fastify's loggers both satisfy it. */
export type Logger = Pick<pino.Logger, 'error' | 'warn' | 'info' | 'debug'>;

export function createLogger(level: string, name: string): Logger {
  return pino({ level, name });
}
