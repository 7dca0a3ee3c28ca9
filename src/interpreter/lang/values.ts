// Runtime helpers for values of the language: ordering and equality of numbers, text, true/false and lists
// (compared item by item), with none lowest. Used by comparisons and by the sorting builtins.

export function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a == null) return -1;
  if (b == null) return 1;
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = compare(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  if (typeof a === "boolean" || typeof b === "boolean") return Number(a) - Number(b);
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
    return true;
  }
  return false;
}

/** A rule that fails at run time; `code` says which limit stopped it, when a limit did. */
export class RuleError extends Error {
  constructor(
    message: string,
    readonly code = "E_RUNTIME",
  ) {
    super(message);
  }
}
