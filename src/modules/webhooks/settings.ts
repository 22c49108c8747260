import { readFileSync } from 'node:fs';
import type { WebhookDeliverySettings } from './deliver.js';
import { createWebhookPoster } from './post-webhook.js';
import { DEFAULT_RETRY_SCHEDULE, type RetrySchedule } from './schedule.js';

/** A receiver has 15 s to answer; a slower answer counts as a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
const THREE_DAYS_MS = 3 * 24 * 60 * 60 * 1000;

const version = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export const WEBHOOK_USER_AGENT = `quire-webhook/${version}`;

/**
 * Delivery settings for the job workers. The timeout, schedule and disable threshold are the
 * product's; tests pass shorter ones so that retries and give-ups take milliseconds.
 */
export function createWebhookDeliverySettings(options: {
  allowPrivateTargets: boolean;
  timeoutMs?: number;
  schedule?: RetrySchedule;
  disableAfterMs?: number;
}): WebhookDeliverySettings {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return {
    poster: createWebhookPoster({
      allowPrivateTargets: options.allowPrivateTargets,
      timeoutMs,
      userAgent: WEBHOOK_USER_AGENT,
    }),
    schedule: options.schedule ?? DEFAULT_RETRY_SCHEDULE,
    disableAfterMs: options.disableAfterMs ?? THREE_DAYS_MS,
    // Outlasts the POST by a margin, so a slow attempt is never claimed twice at once.
    claimMs: timeoutMs + 15_000,
  };
}
