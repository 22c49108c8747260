import { isSerializationConflict } from './errors.js';

const ATTEMPTS = 5;
const BASE_PAUSE_MS = 20;

/**
 * Runs `work` again when it failed with a serialization failure or a deadlock (SQLSTATE 40001,
 * 40P01), up to five attempts in all, after a short jittered pause that doubles each time.
 * PostgreSQL rolled that transaction back, so this is safe when `work` is the whole transaction
 * (with any reads its writes depend on) and does nothing outside the database that a second
 * run would repeat. Any other error, or the last conflict, propagates.
 */
export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isSerializationConflict(error)) throw error;
      const pauseMs = BASE_PAUSE_MS * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
