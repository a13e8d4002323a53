/**
 * Reads Server-Sent Events from text chunks as they arrive (a chunk may end mid-line or
 * mid-event) and hands over each event's data once its blank line comes. Comments (`:` lines,
 * the server's heartbeats) and the `event`, `id` and `retry` fields are not needed here: the
 * stream names the type inside its JSON and the client chooses its own reconnect delays.
 */
export function createSseParser(onData: (data: string) => void): (chunk: string) => void {
  let pending = '';
  let dataLines: string[] = [];

  function takeLine(line: string) {
    if (line === '') {
      if (dataLines.length > 0) onData(dataLines.join('\n'));
      dataLines = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    dataLines.push(value);
  }

  // A chunk ending in \r has ended its line, but may be the first half of a \r\n.
  let afterCr = false;
  return (chunk) => {
    const text = afterCr && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
    afterCr = text.endsWith('\r');
    pending += text;
    const lines = pending.split(/\r\n|\n|\r/);
    pending = lines.pop() ?? '';
    for (const line of lines) takeLine(line);
  };
}
