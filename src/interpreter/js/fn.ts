// The pieces of a function being generated that every generator shares.

/** One function being generated: its temporaries, declared at its top. */
export class Fn {
  temps = 0;
  /** Locals this function holds in temporaries rather than in their frame slots: frame, then slot. */
  private aliases = new Map<unknown[], Map<number, string>>();

  tmp(): string {
    return `t${this.temps++}`;
  }

  alias(frame: unknown[], slot: number, temp: string): void {
    let slots = this.aliases.get(frame);
    if (!slots) this.aliases.set(frame, (slots = new Map()));
    slots.set(slot, temp);
  }

  aliasOf(frame: unknown[], slot: number): string | undefined {
    return this.aliases.get(frame)?.get(slot);
  }

  /** Parts of trees this function computes once, ahead, into temporaries (by node). */
  private ahead = new Map<object, string>();

  computeAhead(node: object, temp: string): void {
    this.ahead.set(node, temp);
  }

  computedAs(node: object): string | undefined {
    return this.ahead.get(node);
  }
}

/** A number the generator itself computed (a slot, an index): the only numbers written into the source. */
export function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not a layout number: ${n}`);
  return n < 0 ? `(${n})` : String(n);
}
