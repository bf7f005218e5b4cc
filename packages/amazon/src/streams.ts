/**
 * Streaming helpers for report downloads: gunzip (sniffed by magic bytes, so it also works when an
 * HTTP layer already decoded `Content-Encoding: gzip`), charset decoding, an incremental JSON-array
 * parser (Ads reporting v3 rows) and a TSV parser (SP-API flat-file reports). Only the current row is
 * held in memory, never the whole report.
 */
import { AmazonResponseError } from "./errors.ts";

const GZIP_MAGIC_0 = 0x1f;
const GZIP_MAGIC_1 = 0x8b;

/** Yields the bytes of `source`, gunzipped if they start with the gzip magic number. */
export async function* maybeGunzip(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  // Collect at least 2 bytes to sniff.
  const head: Uint8Array[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < 2) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.byteLength;
  }
  const first = concat(head, headLength);
  async function* rest(): AsyncGenerator<Uint8Array> {
    try {
      if (first.byteLength > 0) yield first;
      while (!done) {
        const next = await iterator.next();
        if (next.done) done = true;
        else yield next.value;
      }
    } finally {
      if (!done) await iterator.return?.();
    }
  }
  if (first[0] !== GZIP_MAGIC_0 || first[1] !== GZIP_MAGIC_1) {
    yield* rest();
    return;
  }
  const gunzip = new DecompressionStream("gzip");
  const writer = gunzip.writable.getWriter();
  const pump = (async () => {
    try {
      for await (const chunk of rest()) {
        await writer.write(chunk as Uint8Array<ArrayBuffer>);
      }
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => {});
    }
  })();
  const reader = gunzip.readable.getReader();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        throw new AmazonResponseError(`report download: gzip data is corrupt or truncated`, {
          cause: error,
        });
      }
      if (next.done) break;
      yield next.value;
    }
  } finally {
    // Cancelling the readable side errors the writable side, which stops the pump and closes the source.
    await reader.cancel().catch(() => {});
    reader.releaseLock();
    // Not awaited: on early exit the pump may be parked on a network read; it ends by itself once the
    // write fails (or the download's timeout fires), and it never rejects.
    void pump;
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.byteLength;
  }
  return out;
}

/** Maps a `charset=` label to a WHATWG encoding name; unknown labels fall back to UTF-8. */
export function normaliseCharset(label: string | undefined | null): string {
  if (!label) return "utf-8";
  const l = label.trim().toLowerCase().replace(/^"|"$/g, "");
  const aliases: Record<string, string> = {
    cp1252: "windows-1252",
    ms932: "shift_jis",
    windows31j: "shift_jis",
  };
  const name = aliases[l] ?? l;
  try {
    new TextDecoder(name);
    return name;
  } catch {
    return "utf-8";
  }
}

export async function* decodeText(
  source: AsyncIterable<Uint8Array>,
  charset = "utf-8",
): AsyncGenerator<string> {
  const decoder = new TextDecoder(normaliseCharset(charset));
  for await (const chunk of source) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}

/**
 * Incrementally parses a top-level JSON array, yielding each element as soon as it is complete.
 * Throws `AmazonResponseError` for input that is not a well-formed JSON array.
 */
export async function* parseJsonArray(source: AsyncIterable<string>): AsyncGenerator<unknown> {
  // 0 = before '[', 1 = between elements (expect value or ']'), 2 = inside element, 3 = after ']'
  let phase = 0;
  let expectValue = true; // in phase 1: a value is required next (after '[' or ',')
  let sawAny = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let pieces: string[] = [];
  let startIndex = 0;
  const fail = (why: string): never => {
    throw new AmazonResponseError(`report: malformed JSON array (${why})`);
  };
  const finishElement = (chunk: string, end: number): unknown => {
    pieces.push(chunk.slice(startIndex, end));
    const text = pieces.join("");
    pieces = [];
    try {
      return JSON.parse(text);
    } catch {
      return fail(`invalid element near ${JSON.stringify(text.slice(0, 60))}`);
    }
  };
  for await (const chunk of source) {
    startIndex = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (phase === 2) {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 0x5c) escaped = true;
          else if (c === 0x22) inString = false;
          continue;
        }
        if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          if (depth === 0) {
            // ']' closing the outer array right after a primitive element
            if (c !== 0x5d) fail("unbalanced '}'");
            yield finishElement(chunk, i);
            phase = 3;
            continue;
          }
          depth--;
        } else if (c === 0x2c && depth === 0) {
          yield finishElement(chunk, i);
          phase = 1;
          expectValue = true;
        }
        continue;
      }
      const isSpace = c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;
      if (isSpace) continue;
      if (phase === 0) {
        if (c !== 0x5b) fail("does not start with '['");
        phase = 1;
        expectValue = true;
      } else if (phase === 1) {
        if (c === 0x5d) {
          if (sawAny && expectValue) fail("trailing comma");
          phase = 3;
        } else if (c === 0x2c) {
          if (expectValue) fail("unexpected ','");
          expectValue = true;
        } else {
          if (!expectValue) fail("missing ','");
          phase = 2;
          sawAny = true;
          expectValue = false;
          depth = 0;
          inString = false;
          escaped = false;
          startIndex = i;
          i--; // re-scan this character inside the element
        }
      } else {
        fail("content after the closing ']'");
      }
    }
    if (phase === 2) pieces.push(chunk.slice(startIndex));
  }
  if (phase !== 3) fail("truncated");
}

/** Parses tab-separated text with a header row into records keyed by column name. */
export async function* parseTsv(
  source: AsyncIterable<string>,
): AsyncGenerator<Record<string, string>> {
  let header: string[] | undefined;
  let carry = "";
  const handle = (line: string): Record<string, string> | undefined => {
    const clean = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (header === undefined) {
      header = clean.replace(/^\ufeff/, "").split("\t");
      return undefined;
    }
    if (clean === "") return undefined;
    const cells = clean.split("\t");
    const row: Record<string, string> = {};
    header.forEach((name, i) => {
      row[name] = cells[i] ?? "";
    });
    return row;
  };
  for await (const chunk of source) {
    const text = carry + chunk;
    const lines = text.split("\n");
    carry = lines.pop() ?? "";
    for (const line of lines) {
      const row = handle(line);
      if (row) yield row;
    }
  }
  if (carry !== "") {
    const row = handle(carry);
    if (row) yield row;
  }
}

/** Async-iterates the bytes of a fetch `Response` body. */
export async function* responseBytes(response: Response): AsyncGenerator<Uint8Array> {
  if (!response.body) return;
  const reader = response.body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
