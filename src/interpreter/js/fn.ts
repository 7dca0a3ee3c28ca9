// The pieces of a function being generated that every generator shares.

/** One function being generated: its temporaries, declared at its top. */
export class Fn {
  temps = 0;
  tmp(): string {
    return `t${this.temps++}`;
  }
}

/** A number the generator itself computed (a slot, an index): the only numbers written into the source. */
export function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not a layout number: ${n}`);
  return n < 0 ? `(${n})` : String(n);
}
