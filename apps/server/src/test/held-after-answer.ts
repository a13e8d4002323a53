import type { AfterAnswer } from '../platform/after-answer.ts';

/**
 * An AfterAnswer that keeps the work until the test releases it: proves that an answer came
 * before the work, and lets the test look at the state in between.
 */
export function heldAfterAnswer(): AfterAnswer & {
  labels(): string[];
  /** Runs the work held so far, in order; a failure is thrown to the test. */
  release(): Promise<void>;
} {
  const held: { label: string; work: () => Promise<unknown> }[] = [];
  const release = async () => {
    for (const task of held.splice(0)) await task.work();
  };
  return {
    run(label, work) {
      held.push({ label, work });
    },
    settle: release,
    labels: () => held.map((task) => task.label),
    release,
  };
}
