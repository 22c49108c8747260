/**
 * A first-come, first-served count of free document threads. A stage takes a slot before its
 * time limit and memory accounting start, so a document waiting for a thread (the job loop may
 * run more documents than there are threads, to keep them busy while others wait on the
 * database) is neither timed out nor counted as running.
 */
export class ThreadSlots {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(slots: number) {
    this.#free = slots;
  }

  /** Documents waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Resolves once a slot is this caller's; give it back with release(). */
  acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the slot to the longest waiter, or frees it. */
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free += 1;
  }
}
