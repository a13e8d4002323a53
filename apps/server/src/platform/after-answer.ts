/**
 * Work that must not be waited for by the caller's answer: an answer that waited for it would take
 * longer for an existing account than for an unknown one, and tell them apart (issue 13 finding 8).
 * The work starts once the current call has returned; its failures are logged, and closing the app
 * waits for what is still running so a shutdown does not drop a mail half-way.
 */
export interface AfterAnswer {
  /** Runs `work` after the caller has returned; a failure is logged under `label`, never thrown. */
  run(label: string, work: () => Promise<unknown>): void;
  /** Resolves once every piece of work started so far has finished. */
  settle(): Promise<void>;
}

export function createAfterAnswer(log: { error(details: object, message: string): void }): AfterAnswer {
  const running = new Set<Promise<void>>();
  return {
    run(label, work) {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, work: label }, `${label} failed after the answer`),
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
