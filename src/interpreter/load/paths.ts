// Posix paths as plain strings, so that loading works the same on a disk and in memory (the playground) and
// needs no node:path. Every path a host gives the loader is absolute and uses "/".

/** The path with "." and ".." segments and repeated or trailing slashes removed. */
export function normalize(path: string): string {
  const absolute = path.startsWith("/");
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length && out[out.length - 1] !== "..") out.pop();
      else if (!absolute) out.push("..");
    } else out.push(part);
  }
  const body = out.join("/");
  return absolute ? `/${body}` : body || ".";
}

export function isAbsolute(path: string): boolean {
  return path.startsWith("/");
}

export function join(...parts: string[]): string {
  return normalize(parts.filter((p) => p !== "").join("/"));
}

/** `path` taken from `from` (a folder), like a shell's cd: an absolute path stays as it is. */
export function resolve(from: string, path: string): string {
  return normalize(isAbsolute(path) ? path : `${from}/${path}`);
}

export function dirname(path: string): string {
  const p = normalize(path);
  const i = p.lastIndexOf("/");
  if (i < 0) return ".";
  return i === 0 ? "/" : p.slice(0, i);
}

export function basename(path: string): string {
  const p = normalize(path);
  return p.slice(p.lastIndexOf("/") + 1);
}

/** The path from folder `from` to `to`, both absolute: "" when they are the same, "../x" when `to` is beside. */
export function relative(from: string, to: string): string {
  const a = normalize(from).split("/").filter(Boolean);
  const b = normalize(to).split("/").filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...Array(a.length - common).fill(".."), ...b.slice(common)].join("/");
}

/** Whether `path` is `folder` itself or lies somewhere below it. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (rel !== ".." && !rel.startsWith("../"));
}
