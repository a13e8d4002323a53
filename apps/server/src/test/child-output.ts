import type { ChildProcess } from 'node:child_process';

/**
 * Resolves with the first stdout line of `child` that starts with `prefix`: how the crash tests
 * learn that a node they started stands where it should be killed.
 */
export function lineFrom(child: ChildProcess, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((candidate) => candidate.startsWith(prefix));
      if (line) {
        child.stdout?.off('data', onData);
        resolve(line);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`node exited (${code ?? signal}) before "${prefix}"`)),
    );
  });
}
