/** Everything piped to standard input, as text. */
export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** One line typed on the terminal, not echoed (a password being typed stays off the screen). */
export function readHiddenLine(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  let line = '';
  return new Promise((resolve) => {
    const onData = (typed: string) => {
      for (const char of typed) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(line);
          return;
        }
        if (char === '\u0003') process.exit(130); // Ctrl-C
        if (char === '\u007f' || char === '\b') line = line.slice(0, -1);
        else line += char;
      }
    };
    stdin.on('data', onData);
  });
}
