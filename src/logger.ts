import { type Logger, pino } from 'pino';

export type { Logger };

/**
 * JSON logs on stdout (or stderr for the CLI, whose stdout is its JSON result); credentials are
 * redacted wherever they appear in a logged object.
 */
export function createLogger(level: string, stream: 'stdout' | 'stderr' = 'stdout'): Logger {
  return pino(
    {
      level,
      base: { service: 'quire' },
      redact: {
        paths: [
          'req.headers.authorization',
          'headers.authorization',
          'authorization',
          '*.authorization',
          'apiKey',
          '*.apiKey',
          'key',
          'secret',
          '*.secret',
          'password',
          '*.password',
        ],
        censor: '[redacted]',
      },
    },
    pino.destination(stream === 'stdout' ? 1 : 2),
  );
}
