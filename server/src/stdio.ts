// A guard in front of the JSON-RPC reader for `--stdio`: it passes through well-framed
// messages and drops malformed ones (a header block without a valid Content-Length, a
// body that is not JSON), logging each to stderr, so a broken client message never
// stops the server from reading the next one.
import { Transform, TransformCallback } from 'node:stream';

const HEADER_END = Buffer.from('\r\n\r\n');
/** Larger bodies are refused as malformed: nothing an editor sends is near this. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

export class MessageGuard extends Transform {
  private buffer: Buffer = Buffer.alloc(0);
  /** Dropped messages, for tests and logs. */
  dropped = 0;

  constructor(private readonly log: (msg: string) => void = (m) => process.stderr.write(`tla-layout: ${m}\n`)) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    this.drain();
    done();
  }

  private dropMessage(reason: string, skip: number): void {
    this.dropped++;
    this.log(`dropped a malformed message: ${reason}`);
    this.buffer = this.buffer.subarray(skip);
    // resynchronise on the next header
    const next = this.buffer.indexOf('Content-Length:');
    this.buffer = next < 0 ? Buffer.alloc(0) : this.buffer.subarray(next);
  }

  private drain(): void {
    for (;;) {
      const end = this.buffer.indexOf(HEADER_END);
      if (end < 0) {
        // keep waiting for the header end, but not forever on garbage
        if (this.buffer.length > 64 * 1024) this.dropMessage('header block longer than 64 KiB', this.buffer.length);
        return;
      }
      const header = this.buffer.subarray(0, end).toString('ascii');
      let length = -1;
      let bad = '';
      for (const line of header.split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon < 0) {
          bad = `header line without a colon: ${JSON.stringify(line.slice(0, 80))}`;
          break;
        }
        if (line.slice(0, colon).trim().toLowerCase() === 'content-length') {
          const v = line.slice(colon + 1).trim();
          length = /^\d+$/.test(v) ? Number(v) : NaN;
        }
      }
      if (!bad && length < 0) bad = 'no Content-Length header';
      if (!bad && !Number.isSafeInteger(length)) bad = 'Content-Length is not a non-negative integer';
      if (!bad && length > MAX_MESSAGE_BYTES) bad = `Content-Length ${length} is over ${MAX_MESSAGE_BYTES} bytes`;
      if (bad) {
        this.dropMessage(bad, end + HEADER_END.length);
        continue;
      }
      const total = end + HEADER_END.length + length;
      if (this.buffer.length < total) return;
      const body = this.buffer.subarray(end + HEADER_END.length, total);
      let json = true;
      try {
        JSON.parse(body.toString('utf8'));
      } catch {
        json = false;
      }
      if (!json) {
        this.dropMessage('the body is not JSON', total);
        continue;
      }
      this.push(Buffer.concat([Buffer.from(`Content-Length: ${length}\r\n\r\n`, 'ascii'), body]));
      this.buffer = this.buffer.subarray(total);
    }
  }
}
