// A generated module: the JavaScript source of every function generated for one game, compiled once, with one
// `new Function`, the way ajv compiles a schema. The source is made only of the generator's own text: every value
// from a rule file (strings, numbers, tables, the frames rules bind their names in) reaches it as a constant,
// passed in an array and read by index, and every name is one of the generator's temporaries (k3, f12, t0).
// Values that exist only once the module has been compiled (a builtin's closure made from generated arguments)
// are read from a second array filled in after linking.

export type Generated = (...args: never[]) => unknown;

// A Map's keys are compared as SameValueZero, which takes -0 for 0: -0 is kept apart by a key of its own, so
// constants are one constant each exactly when Object.is holds (NaN is one, 0 and -0 are two).
const negativeZero = Symbol("-0");

export class Module {
  private constants: unknown[] = [];
  private constantIndex = new Map<unknown, number>();
  private functions: string[] = [];
  private late: unknown[] = [];
  private pendingLate: (() => unknown)[] = [];

  /** A value as a constant of the module: the name generated code reads it by. */
  constant(value: unknown): string {
    const key = Object.is(value, -0) ? negativeZero : value;
    let i = this.constantIndex.get(key);
    if (i === undefined) {
      i = this.constants.length;
      this.constants.push(value);
      this.constantIndex.set(key, i);
    }
    return `k${i}`;
  }

  /** Adds a function; returns the name the module's code calls it by. */
  add(params: string[], body: string, temps: number): string {
    const name = `f${this.functions.length}`;
    const locals = temps > 0 ? `let ${Array.from({ length: temps }, (_, i) => `t${i}`).join(", ")};\n` : "";
    this.functions.push(`function ${name}(${params.join(", ")}) {\n${locals}${body}\n}`);
    return name;
  }

  /**
   * A value made after the module is compiled, from the functions it generated (`get` receives them by name):
   * generated code reads it as L[i].
   */
  later(make: (fns: (name: string) => Generated) => unknown): string {
    const i = this.pendingLate.length;
    this.pendingLate.push(() => make((name) => this.linked![name]));
    return `L[${i}]`;
  }

  private linked: Record<string, Generated> | null = null;

  /** The module's whole source, as compiled. */
  source(): string {
    const consts = this.constants.map((_, i) => `k${i} = k[${i}]`);
    const head = consts.length ? `var ${consts.join(", ")};\n` : "";
    const names = this.functions.map((_, i) => `f${i}`);
    return `"use strict";\n${head}${this.functions.join("\n")}\nreturn { ${names.join(", ")} };`;
  }

  /** Compiles the module once and gives its functions by name. */
  link(): (name: string) => Generated {
    const make = new Function("k", "L", this.source()) as (k: unknown[], L: unknown[]) => Record<string, Generated>;
    this.linked = make(this.constants, this.late);
    for (const f of this.pendingLate) this.late.push(f());
    const linked = this.linked;
    return (name) => linked[name];
  }
}
