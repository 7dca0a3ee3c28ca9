// A shared link carries the page in its fragment (#share=...), so it never reaches a server: the files, the
// one open, and as far as the person had set them the screen shown, the round composed, the Measure fields and
// the game on the Play screen with its moves so far — as JSON, deflated, in base64url. Opening one only reads
// it: the files become the user's files and nothing in them runs. Links are untrusted, so every size is
// checked before the work: the link's length, and the text it inflates to, which is read in pieces and
// abandoned as soon as it passes the limit; then each part is checked for its shape, and a link with a part
// that is not as this page writes it is refused whole.
import { fileName } from "./names.js";
import { composeState, measureState, playState, type ComposeState, type MeasureState, type PlayState } from "./page-state.js";

export const linkKey = "share";
export const maxLinkChars = 1_500_000;
export const maxSharedBytes = 2_000_000;
const version = 1;

/** The screens a link may show, by id. */
export const sharedScreens = ["edit", "shelf", "compose", "play", "measure"];

export interface Shared {
  files: [name: string, text: string][];
  open: string | null;
  /** A shipped file open instead of one of the files, by its path (rules/idiot/idiot.yaml). */
  shipped?: string;
  /** The screen shown; the round composed; the Measure fields; the game on the Play screen. */
  screen?: string;
  compose?: ComposeState;
  measure?: MeasureState;
  play?: PlayState;
}

export class LinkProblem extends Error {}

export async function encodeShare(shared: Shared): Promise<string> {
  const { files, open, shipped, screen, compose, measure, play } = shared;
  const json = new TextEncoder().encode(JSON.stringify({ v: version, files, open, shipped, screen, compose, measure, play }));
  if (json.length > maxSharedBytes) throw new LinkProblem(`these files and this game are too large to share by link (${json.length} bytes; at most ${maxSharedBytes})`);
  const packed = await collect(new Blob([json]).stream().pipeThrough(new CompressionStream("deflate-raw")), Infinity);
  const text = toBase64Url(packed);
  if (text.length > maxLinkChars) throw new LinkProblem(`these files make a link of ${text.length} characters, more than a browser keeps (${maxLinkChars})`);
  return `${linkKey}=${text}`;
}

/** The files a link's fragment carries, or undefined when it carries none; a damaged link is a LinkProblem. */
export async function decodeShare(fragment: string): Promise<Shared | undefined> {
  const body = fragment.replace(/^#/, "");
  if (!body.startsWith(`${linkKey}=`)) return undefined;
  const text = body.slice(linkKey.length + 1);
  if (text.length > maxLinkChars) throw new LinkProblem(`this link is too long to open (${text.length} characters; at most ${maxLinkChars})`);
  const packed = fromBase64Url(text);
  let bytes: Uint8Array;
  try {
    bytes = await collect(new Blob([packed as BlobPart]).stream().pipeThrough(new DecompressionStream("deflate-raw")), maxSharedBytes);
  } catch (e) {
    if (e instanceof LinkProblem) throw e;
    throw new LinkProblem("this link is damaged: its files cannot be unpacked (was it cut short when it was copied?)");
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new LinkProblem("this link is damaged: what it unpacks to is not a list of files");
  }
  return readShared(value);
}

function readShared(value: unknown): Shared {
  const v = value as { v?: unknown; files?: unknown; open?: unknown; shipped?: unknown; screen?: unknown; compose?: unknown; measure?: unknown; play?: unknown } | null;
  if (!v || typeof v !== "object" || v.v !== version || !Array.isArray(v.files)) throw new LinkProblem("this link is damaged or from another version: it carries no files this page can read");
  const files: [string, string][] = [];
  for (const f of v.files) {
    if (!Array.isArray(f) || f.length !== 2 || typeof f[0] !== "string" || typeof f[1] !== "string") throw new LinkProblem("this link is damaged: one of its files has no name or no text");
    files.push([fileName(f[0]), f[1]]);
  }
  const shared: Shared = { files, open: typeof v.open === "string" ? fileName(v.open) : null };
  if (v.shipped !== undefined) {
    if (typeof v.shipped !== "string" || !/^rules\/[\w./-]{1,300}\.yaml$/.test(v.shipped)) throw new LinkProblem("this link is damaged: the shipped file it opens is not named as this page names one");
    shared.shipped = v.shipped;
  }
  if (v.screen !== undefined) {
    if (typeof v.screen !== "string" || !sharedScreens.includes(v.screen)) throw new LinkProblem("this link is damaged: the screen it opens is not one of this page's");
    shared.screen = v.screen;
  }
  if (v.compose !== undefined) shared.compose = part(composeState(v.compose), "the round it composes");
  if (v.measure !== undefined) shared.measure = part(measureState(v.measure), "its Measure fields");
  if (v.play !== undefined) shared.play = part(playState(v.play), "its game");
  return shared;
}

function part<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new LinkProblem(`this link is damaged: ${what} cannot be read (a part too large, or not as this page writes it)`);
  return value;
}

/** Reads a stream whole, failing as soon as it passes `limit` bytes. */
async function collect(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new LinkProblem(`this link is too large to open: its files come to more than ${limit} bytes`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkProblem("this link is damaged: it has characters a shared link never has");
  let binary: string;
  try {
    binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  } catch {
    throw new LinkProblem("this link is damaged: it was cut short or changed when it was copied");
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
