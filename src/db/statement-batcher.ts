/**
 * Runs many callers' single-row operations as one statement, like a group commit: the first
 * call waits for the end of the event-loop turn (so calls made together go together), calls
 * arriving while a statement is in flight form the next batch, and an idle caller waits for
 * nothing. `runBatch` gets the inputs in order and answers one output per input, in order.
 * If the statement fails, every caller of that batch gets the error.
 */
export class StatementBatcher<Input, Output> {
  private buffer: { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void }[] = [];
  private busy = false;

  constructor(
    private readonly runBatch: (inputs: Input[]) => Promise<Output[]>,
    private readonly maxBatch = 200,
  ) {}

  run(input: Input): Promise<Output> {
    return new Promise<Output>((resolve, reject) => {
      this.buffer.push({ input, resolve, reject });
      if (this.busy) return;
      this.busy = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.maxBatch);
      try {
        const outputs = await this.runBatch(batch.map((call) => call.input));
        for (const [index, call] of batch.entries()) call.resolve(outputs[index] as Output);
      } catch (error) {
        for (const call of batch) call.reject(error);
      }
    }
    this.busy = false;
  }
}
