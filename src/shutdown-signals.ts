/**
 * How a running quire answers SIGTERM and SIGINT. The first signal asks for a graceful stop
 * (`graceful`, then exit 0; exit 1 if it fails). Another signal while that runs asks to stop now (`immediate`, then
 * exit 128 + the signal's number, as a process killed by it would report).
 *
 * A signal repeated within REPEAT_WINDOW_MS of the first is the same request delivered twice, not
 * a second one: Ctrl-C in a terminal reaches every process of the foreground group, so quire gets
 * SIGINT from the terminal and again from `npm start`, which forwards it to its script.
 */

export const REPEAT_WINDOW_MS = 1_000;

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 } as const;
type ShutdownSignal = keyof typeof SIGNAL_NUMBERS;

export interface ShutdownHandlers {
  /** Stops accepting work, lets in-flight work finish, releases everything. */
  graceful(signal: ShutdownSignal): Promise<void>;
  /** Releases what must not outlive the process (the embedded database), as fast as it can. */
  immediate(signal: ShutdownSignal): Promise<void>;
  onError(error: unknown): void;
}

export function handleShutdownSignals(handlers: ShutdownHandlers, now: () => number = Date.now): void {
  let firstAt: number | null = null;
  let stoppingNow = false;
  // A graceful stop that fails exits 1; a failed immediate stop still reports the signal.
  const run = (stop: Promise<void>, exitCode: number) =>
    void stop.then(
      () => process.exit(exitCode),
      (error: unknown) => {
        handlers.onError(error);
        process.exit(exitCode === 0 ? 1 : exitCode);
      },
    );
  const onSignal = (signal: ShutdownSignal) => {
    if (firstAt === null) {
      firstAt = now();
      run(handlers.graceful(signal), 0);
      return;
    }
    if (stoppingNow || now() - firstAt < REPEAT_WINDOW_MS) return;
    stoppingNow = true;
    run(handlers.immediate(signal), 128 + SIGNAL_NUMBERS[signal]);
  };
  for (const signal of Object.keys(SIGNAL_NUMBERS) as ShutdownSignal[]) process.on(signal, onSignal);
}
