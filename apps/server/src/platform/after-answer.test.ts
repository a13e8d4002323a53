import { describe, expect, it } from 'vitest';
import { createAfterAnswer } from './after-answer.ts';

describe('work after the answer', () => {
  it('when work is handed over, then the caller goes on before it starts, and settle waits for it', async () => {
    const afterAnswer = createAfterAnswer({ error: () => {} });
    const steps: string[] = [];
    afterAnswer.run('mail', async () => {
      steps.push('work');
    });
    steps.push('answer');
    await afterAnswer.settle();
    expect(steps).toEqual(['answer', 'work']);
  });

  it('when the work fails, then the failure is logged with its label and never thrown', async () => {
    const logged: { details: object; message: string }[] = [];
    const afterAnswer = createAfterAnswer({ error: (details, message) => logged.push({ details, message }) });
    const failure = new Error('gateway down');
    afterAnswer.run('login SMS code', async () => {
      throw failure;
    });
    await afterAnswer.settle();
    expect(logged).toEqual([
      {
        details: { err: failure, work: 'login SMS code' },
        message: 'login SMS code failed after the answer',
      },
    ]);
  });

  it('when work hands over more work, then settle waits for that too', async () => {
    const afterAnswer = createAfterAnswer({ error: () => {} });
    let done = false;
    afterAnswer.run('first', async () => {
      afterAnswer.run('second', async () => {
        done = true;
      });
    });
    await afterAnswer.settle();
    expect(done).toBe(true);
  });
});
