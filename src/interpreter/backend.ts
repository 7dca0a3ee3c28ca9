// Which back end runs a game's rules. Both give the same game, event for event; they differ in how fast they run and in
// where they may run.
//  - "js": JavaScript generated from the checked rules, compiled once when the rules load (the fastest).
//  - "closures": closures built from the same checked rules, with nothing compiled at run time: for places whose
//    content security policy forbids generated code (no 'unsafe-eval'), and the reference the other is tested
//    against.
export type Backend = "closures" | "js";

let allowed: boolean | null = null;

/** Whether this place lets code be generated at all (a content security policy may forbid it). */
export function generatedCodeAllowed(): boolean {
  if (allowed === null) {
    try {
      allowed = new Function("return 1")() === 1;
    } catch {
      allowed = false;
    }
  }
  return allowed;
}

/** Generated code where it is allowed, closures elsewhere. */
export function defaultBackend(): Backend {
  return generatedCodeAllowed() ? "js" : "closures";
}
