// A file's lines, read in chunks with a bound on each line: a log is untrusted, and a line of hundreds of
// megabytes must be a located refusal, not a string too long for the runtime. Memory stays under the bound.
import { open } from "node:fs/promises";

/** A line of text, or the line that passed the bound (its number; no text is kept of it). */
export type Line = { text: string; line: number } | { tooLong: true; line: number };

/** The lines of a file, without their line ends (\n or \r\n); stops at the first line longer than maxBytes. */
export async function* boundedLines(path: string, maxBytes: number, chunkBytes = 64 * 1024): AsyncGenerator<Line> {
  const handle = await open(path, "r");
  try {
    const chunk = Buffer.allocUnsafe(chunkBytes);
    let parts: Buffer[] = [];
    let length = 0;
    let line = 0;
    const take = (): Line => {
      line++;
      let text = Buffer.concat(parts, length).toString("utf8");
      if (text.endsWith("\r")) text = text.slice(0, -1);
      parts = [];
      length = 0;
      return { text, line };
    };
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunkBytes, null);
      if (bytesRead === 0) break;
      let start = 0;
      for (;;) {
        const end = chunk.indexOf(10, start);
        const stop = end === -1 || end >= bytesRead ? bytesRead : end;
        length += stop - start;
        if (length > maxBytes) {
          yield { tooLong: true, line: line + 1 };
          return;
        }
        parts.push(Buffer.from(chunk.subarray(start, stop)));
        if (stop === bytesRead) break;
        yield take();
        start = stop + 1;
      }
    }
    if (length > 0) yield take();
  } finally {
    await handle.close();
  }
}
