import { createInterface } from 'node:readline';

/** Copies a child's output to ours line by line, each line prefixed with a label like `[api]`. */
export function prefixLines(stream, prefix, out = process.stdout) {
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  lines.on('line', (line) => out.write(`${prefix} ${line}\n`));
}
