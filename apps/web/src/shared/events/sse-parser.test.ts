import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser.ts';

function parsed(chunks: string[]): string[] {
  const events: string[] = [];
  const push = createSseParser((data) => events.push(data));
  for (const chunk of chunks) push(chunk);
  return events;
}

describe('SSE parser', () => {
  it('when events arrive whole, then each data line is one event', () => {
    expect(parsed(['data: {"type":"hello"}\n\ndata: {"type":"balance"}\n\n'])).toEqual([
      '{"type":"hello"}',
      '{"type":"balance"}',
    ]);
  });

  it('when a chunk ends mid-line or mid-event, then the event waits for its blank line', () => {
    expect(parsed(['da', 'ta: {"a":', '1}\n', '\n'])).toEqual(['{"a":1}']);
    expect(parsed(['data: x\n'])).toEqual([]);
  });

  it('when heartbeats, other fields or empty events come, then nothing is handed over for them', () => {
    expect(parsed([': heartbeat\n\n', 'event: ping\nid: 7\nretry: 10\n\n', '\n\n', 'data: y\n\n'])).toEqual([
      'y',
    ]);
  });

  it('when an event has several data lines, then they are joined with newlines', () => {
    expect(parsed(['data: one\ndata:two\n\n'])).toEqual(['one\ntwo']);
  });

  it('when lines end with \\r\\n or \\r, even split between chunks, then they read the same', () => {
    expect(parsed(['data: a\r\n\r\n', 'data: b\r', '\r', 'data: c\r\r'])).toEqual(['a', 'b', 'c']);
  });
});
