import { type Logger, pino } from 'pino';

export type { Logger };

/** JSON logs on stdout; credentials are redacted wherever they appear in a logged object. */
export function createLogger(level: string): Logger {
  return pino({
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
  });
}
