import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { useRequestId } from './use-request-id.ts';

describe('useRequestId', () => {
  it('when the same intent is sent again after a network failure, then the same id goes with it', () => {
    const { result } = renderHook(() => useRequestId());
    const first = result.current.idFor('MAIN>JDB:10000');
    result.current.settle(new ApiError('NETWORK', 'Network link is abnormal', 0));
    expect(result.current.idFor('MAIN>JDB:10000')).toBe(first);
  });

  it('when the server failed with 5xx, then the retry keeps the id', () => {
    const { result } = renderHook(() => useRequestId());
    const first = result.current.idFor('a');
    result.current.settle(new ApiError('INTERNAL', 'Unknown error', 502));
    expect(result.current.idFor('a')).toBe(first);
  });

  it('when the last send succeeded or was refused, then the next send gets a new id', () => {
    const { result } = renderHook(() => useRequestId());
    const first = result.current.idFor('a');
    result.current.settle();
    const second = result.current.idFor('a');
    expect(second).not.toBe(first);
    result.current.settle(new ApiError('INSUFFICIENT_FUNDS', 'Insufficient balance', 409));
    expect(result.current.idFor('a')).not.toBe(second);
  });

  it('when the member changes the amount, then it is a new movement with a new id', () => {
    const { result } = renderHook(() => useRequestId());
    const first = result.current.idFor('a:100');
    expect(result.current.idFor('a:200')).not.toBe(first);
    expect(result.current.idFor('a:200')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when a call through sendOnce fails unanswered, then the retry sends the same id; after success, a new one', async () => {
    const { result } = renderHook(() => useRequestId());
    const sent: string[] = [];
    const unanswered = new ApiError('NETWORK', 'Network link is abnormal', 0);
    await expect(
      result.current.sendOnce('a:100', async (requestId) => {
        sent.push(requestId);
        throw unanswered;
      }),
    ).rejects.toBe(unanswered);
    const answer = await result.current.sendOnce('a:100', async (requestId) => {
      sent.push(requestId);
      return 'moved';
    });
    expect(answer).toBe('moved');
    await result.current.sendOnce('a:100', async (requestId) => void sent.push(requestId));
    expect(sent[1]).toBe(sent[0]);
    expect(sent[2]).not.toBe(sent[1]);
  });
});
