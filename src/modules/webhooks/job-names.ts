/** The job kind that posts one webhook delivery (src/jobs/kinds/deliver-webhook.ts), on the `io` queue. */
export const DELIVER_WEBHOOK_JOB = 'deliver-webhook';
