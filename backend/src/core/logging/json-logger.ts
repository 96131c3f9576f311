import type { LoggerService } from '@nestjs/common';
import type { LogLevel } from '../config/config.js';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Structured logger: one JSON object per line on stdout (errors on stderr). */
export class JsonLogger implements LoggerService {
  constructor(private readonly level: LogLevel = 'info') {}

  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, traceOrContext?: string, context?: string) {
    const trace = context ? traceOrContext : undefined;
    this.write('error', message, context ?? traceOrContext, trace ? { trace } : undefined);
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('debug', message, context);
  }

  /** Logs a structured event, e.g. a finished request. */
  event(level: Exclude<LogLevel, 'silent'>, fields: Record<string, unknown>) {
    if (order[level] < order[this.level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, ...fields });
    (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  }

  private write(
    level: Exclude<LogLevel, 'silent'>,
    message: unknown,
    context?: string,
    extra?: Record<string, unknown>,
  ) {
    const msg =
      message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);
    this.event(level, { context, msg, ...extra });
  }
}
