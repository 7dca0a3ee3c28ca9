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

  /** The local is read from its frame slot again. */
  unalias(frame: unknown[], slot: number): void {
    this.aliases.get(frame)?.delete(slot);
  }

  aliasOf(frame: unknown[], slot: number): string | undefined {
    return this.aliases.get(frame)?.get(slot);
  }

  /**
   * Locals that hold a list of exactly one card while the code being generated reads them, and the expression
   * that gives that card: a listing checks each candidate of a parameter of cards as a list of one, and
   * `cards.first` of it is then the candidate itself, read without looking into the list.
   */
  private singles = new Map<unknown[], Map<number, string>>();

  /** The local holds a list of one card, given by `card`, in the code generated next; null: not any more. */
  single(frame: unknown[], slot: number, card: string | null): void {
    let slots = this.singles.get(frame);
    if (!slots) {
      if (card === null) return;
      this.singles.set(frame, (slots = new Map()));
    }
    if (card === null) slots.delete(slot);
    else slots.set(slot, card);
  }

  singleOf(frame: unknown[], slot: number): string | undefined {
    return this.singles.get(frame)?.get(slot);
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
