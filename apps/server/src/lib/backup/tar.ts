import { createReadStream } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";

/**
 * The smallest ustar writer and reader a backup needs (decision 0052): regular files only, names
 * up to 255 characters (prefix + name), sizes below 8 GiB. Any `tar` reads what it writes
 * (`tar tf backup.tar`). The reader walks the headers of a file on disk and hands out each
 * entry's byte range, so an entry is hashed or streamed without extracting anything.
 */
const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;

function octal(value: number, width: number) {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", base: name };
  const cut = name.lastIndexOf("/", 155);
  if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) {
    throw new Error(`tar: name too long: ${name}`);
  }
  return { prefix: name.slice(0, cut), base: name.slice(cut + 1) };
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (size > MAX_SIZE) throw new Error(`tar: entry too large: ${name}`);
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100, "utf8");
  block.write(octal(0o600, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** Appends entries to an open file; `finish` writes the two zero blocks that end an archive. */
export function tarWriter(file: FileHandle, mtime = new Date()) {
  let position = 0;
  const write = async (bytes: Uint8Array) => {
    await file.write(bytes, 0, bytes.byteLength, position);
    position += bytes.byteLength;
  };
  const pad = async (size: number) => {
    const rest = size % BLOCK;
    if (rest !== 0) await write(Buffer.alloc(BLOCK - rest));
  };
  return {
    async add(name: string, bytes: Uint8Array) {
      await write(header(name, bytes.byteLength, mtime));
      await write(bytes);
      await pad(bytes.byteLength);
    },
    /** An entry copied from a stream of exactly `size` bytes. */
    async addStream(name: string, size: number, source: AsyncIterable<Uint8Array>) {
      await write(header(name, size, mtime));
      let copied = 0;
      for await (const chunk of source) {
        copied += chunk.byteLength;
        if (copied > size) throw new Error(`tar: ${name} grew while it was archived`);
        await write(chunk);
      }
      if (copied !== size) throw new Error(`tar: ${name} shrank while it was archived`);
      await pad(size);
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
    },
  };
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the archive. */
  offset: number;
}

function field(block: Buffer, start: number, length: number) {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

/** Every entry of a tar file; throws on a damaged header. */
export async function readTarEntries(file: FileHandle): Promise<TarEntry[]> {
  const { size: total } = await file.stat();
  const entries: TarEntry[] = [];
  const block = Buffer.alloc(BLOCK);
  let position = 0;
  while (position + BLOCK <= total) {
    const { bytesRead } = await file.read(block, 0, BLOCK, position);
    if (bytesRead < BLOCK) break;
    if (block.every((byte) => byte === 0)) return entries;
    const stored = Number.parseInt(field(block, 148, 8).trim(), 8);
    block.write("        ", 148, "ascii");
    let sum = 0;
    for (const byte of block) sum += byte;
    if (sum !== stored) throw new Error(`not a backup archive: damaged tar header at ${position}`);
    const size = Number.parseInt(field(block, 124, 12).trim() || "0", 8);
    const prefix = field(block, 345, 155);
    const base = field(block, 0, 100);
    const type = field(block, 156, 1);
    if (position + BLOCK + size > total) throw new Error("not a backup archive: truncated");
    if (type === "0" || type === "") {
      entries.push({ name: prefix ? `${prefix}/${base}` : base, size, offset: position + BLOCK });
    }
    position += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error("not a backup archive: no end-of-archive marker (truncated?)");
}

/** The bytes of one entry, streamed from the archive. */
export function entryStream(path: string, entry: TarEntry): Readable {
  if (entry.size === 0) return Readable.from([]);
  return createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

/** The bytes of one (small) entry, read into memory. */
export async function entryBytes(file: FileHandle, entry: TarEntry): Promise<Buffer> {
  const bytes = Buffer.alloc(entry.size);
  if (entry.size > 0) await file.read(bytes, 0, entry.size, entry.offset);
  return bytes;
}
