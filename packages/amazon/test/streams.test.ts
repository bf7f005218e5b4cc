import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { AmazonResponseError } from "../src/errors.ts";
import { decodeText, maybeGunzip, parseJsonArray, parseTsv } from "../src/streams.ts";

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

async function* chunks<T>(items: T[]): AsyncGenerator<T> {
  for (const x of items) yield x;
}

function splitEvery(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

describe("parseJsonArray", () => {
  const rows = [
    { campaignId: 158410630682987, name: 'with "quotes", [brackets] and {braces}', cost: 14.5 },
    {
      campaignId: 2,
      nested: { a: [1, 2, { b: "]" }] },
      escaped: "back\\slash\\",
      unicode: "äöü €",
    },
    { empty: {}, list: [], nul: null, t: true },
  ];
  const text = ` \n${JSON.stringify(rows, null, 2)}\n`;

  it("yields the same rows for every chunking, down to one character", async () => {
    for (const size of [1, 2, 3, 7, 64, text.length]) {
      expect(await collect(parseJsonArray(chunks(splitEvery(text, size))))).toEqual(rows);
    }
  });

  it("handles empty arrays and primitive elements", async () => {
    expect(await collect(parseJsonArray(chunks(["[", " ]"])))).toEqual([]);
    expect(await collect(parseJsonArray(chunks(['[1, "a",', "true,null, 2.5e3]"])))).toEqual([
      1,
      "a",
      true,
      null,
      2500,
    ]);
  });

  it("rejects malformed input with AmazonResponseError", async () => {
    for (const bad of [
      '{"a":1}',
      "[1,2",
      "[1,,2]",
      "[1,]",
      "[1] x",
      '[{"a":1}}]',
      "[{bad}]",
      "",
      "[1 2]",
    ]) {
      await expect(collect(parseJsonArray(chunks([bad]))), bad).rejects.toBeInstanceOf(
        AmazonResponseError,
      );
    }
  });

  it("streams a large report without materialising it", async () => {
    const count = 50_000;
    async function* big(): AsyncGenerator<string> {
      yield "[";
      for (let i = 0; i < count; i++) yield `${i ? "," : ""}{"id":${i},"clicks":${i % 7}}`;
      yield "]";
    }
    let n = 0;
    let sum = 0;
    for await (const row of parseJsonArray(big())) {
      n++;
      sum += (row as { clicks: number }).clicks;
    }
    expect(n).toBe(count);
    expect(sum).toBeGreaterThan(0);
  });
});

describe("maybeGunzip + decodeText", () => {
  it("gunzips gzip data split at arbitrary points", async () => {
    const payload = JSON.stringify([{ a: "é" }, { b: 2 }]);
    const gz = gzipSync(Buffer.from(payload));
    const parts = [gz.subarray(0, 1), gz.subarray(1, 5), gz.subarray(5)].map(
      (b) => new Uint8Array(b),
    );
    const text = (await collect(decodeText(maybeGunzip(chunks(parts))))).join("");
    expect(text).toBe(payload);
  });

  it("passes uncompressed data through (e.g. already decoded by Content-Encoding)", async () => {
    const text = (
      await collect(decodeText(maybeGunzip(chunks([new TextEncoder().encode("[1]")]))))
    ).join("");
    expect(text).toBe("[1]");
    expect(await collect(maybeGunzip(chunks<Uint8Array>([])))).toEqual([]);
  });

  it("reports corrupt gzip as AmazonResponseError", async () => {
    const gz = gzipSync(Buffer.from("[1,2,3]".repeat(100)));
    const truncated = new Uint8Array(gz.subarray(0, gz.length - 20));
    truncated[15] = (truncated[15] ?? 0) ^ 0xff;
    await expect(collect(maybeGunzip(chunks([truncated])))).rejects.toBeInstanceOf(
      AmazonResponseError,
    );
  });

  it("stops cleanly when the consumer exits early", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ i }));
    const gz = new Uint8Array(gzipSync(Buffer.from(JSON.stringify(rows))));
    let taken = 0;
    for await (const _row of parseJsonArray(decodeText(maybeGunzip(chunks(splitBytes(gz, 100)))))) {
      if (++taken === 3) break;
    }
    expect(taken).toBe(3);
  });

  it("decodes windows-1252 and Shift_JIS charsets", async () => {
    const cp1252 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80]); // "Café €"
    expect((await collect(decodeText(chunks([cp1252]), "Cp1252"))).join("")).toBe("Café €");
    const sjis = new Uint8Array([0x93, 0xfa, 0x96, 0x7b]); // 日本
    expect(
      (
        await collect(decodeText(chunks([sjis.subarray(0, 1), sjis.subarray(1)]), "Shift_JIS"))
      ).join(""),
    ).toBe("日本");
    expect(
      (await collect(decodeText(chunks([new Uint8Array([0x41])]), "no-such-charset"))).join(""),
    ).toBe("A");
  });
});

function splitBytes(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

describe("parseTsv", () => {
  it("parses header + rows across chunk boundaries, with CRLF and missing trailing cells", async () => {
    const text =
      "\ufeffitem-name\tseller-sku\tprice\r\nWidget\tSKU-1\t9.99\r\nGadget\tSKU-2\r\n\r\nLast\tSKU-3\t1.00";
    for (const size of [1, 5, text.length]) {
      expect(await collect(parseTsv(chunks(splitEvery(text, size))))).toEqual([
        { "item-name": "Widget", "seller-sku": "SKU-1", price: "9.99" },
        { "item-name": "Gadget", "seller-sku": "SKU-2", price: "" },
        { "item-name": "Last", "seller-sku": "SKU-3", price: "1.00" },
      ]);
    }
  });
});
