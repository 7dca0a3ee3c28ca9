// Options are values chosen before a game (a hand size, a variant switch). Their declaration in the rule file
// says what is allowed — the default's kind, a range, a list of values — and every value given for one, by a
// scenario, the command line or a program, is checked against it. Names given by a caller are looked up only
// among the file's own options: never on a JavaScript object.

export interface OptionSpec {
  value: unknown; // the default
  min?: unknown;
  max?: unknown;
  values?: unknown;
  /** `player` or `players`: a seat (or none), or a list of seats, as a match passes them to a game it plays inside. */
  type?: unknown;
}

const kindOf = (v: unknown) => (typeof v === "number" ? "a number" : typeof v === "boolean" ? "true or false" : "text");

/** Why a value is not allowed for an option, or null when it is. */
export function optionValueProblem(name: string, spec: OptionSpec, value: unknown): string | null {
  if (spec.type === "player" || spec.type === "players") return seatsProblem(name, spec.type, value);
  const want = typeof spec.value;
  if (typeof value !== want || (typeof value === "number" && !Number.isFinite(value))) {
    return `option '${name}' is ${kindOf(spec.value)}, not ${JSON.stringify(value) ?? String(value)}`;
  }
  if (typeof value === "number") {
    if (typeof spec.min === "number" && value < spec.min) return `option '${name}' is at least ${spec.min}, not ${value}`;
    if (typeof spec.max === "number" && value > spec.max) return `option '${name}' is at most ${spec.max}, not ${value}`;
  }
  if (Array.isArray(spec.values) && !spec.values.includes(value)) {
    return `option '${name}' is one of ${spec.values.map((v) => JSON.stringify(v)).join(", ")}, not ${JSON.stringify(value)}`;
  }
  return null;
}

const isSeat = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;

/** Why a value is not a seat (or none) or a list of different seats, for an option of `type: player` or `players`. */
function seatsProblem(name: string, type: "player" | "players", value: unknown): string | null {
  if (type === "player") return value === null || isSeat(value) ? null : `option '${name}' is a player (a seat from 0) or none, not ${JSON.stringify(value) ?? String(value)}`;
  if (Array.isArray(value) && value.every(isSeat) && new Set(value).size === value.length) return null;
  return `option '${name}' is a list of different players (seats from 0), not ${JSON.stringify(value) ?? String(value)}`;
}

/** Why a player option's value names a seat the game does not have (of `players` seats), or null. */
export function seatRangeProblem(name: string, spec: OptionSpec, value: unknown, players: number): string | null {
  if (spec.type !== "player" && spec.type !== "players") return null;
  const seats = Array.isArray(value) ? value : [value];
  return seats.some((v) => typeof v === "number" && v >= players) ? `option '${name}' names seats from 0 to ${players - 1}, not ${JSON.stringify(value)}` : null;
}

/** What is wrong with an option's declaration itself: a range that is empty, a default outside it. */
export function optionDeclarationProblems(spec: OptionSpec): { key: string; message: string }[] {
  const out: { key: string; message: string }[] = [];
  const { min, max, values } = spec;
  for (const key of ["min", "max"] as const) {
    if (spec[key] !== undefined && typeof spec.value !== "number") out.push({ key, message: `${key} is for an option whose default is a number` });
  }
  if (typeof min === "number" && typeof max === "number" && min > max) out.push({ key: "max", message: `max (${max}) is below min (${min}): no value is allowed` });
  if (Array.isArray(values)) {
    for (const [i, v] of values.entries()) {
      if (typeof v !== typeof spec.value) out.push({ key: `values/${i}`, message: `the values of an option are all of the default's kind (${kindOf(spec.value)}), not ${JSON.stringify(v)}` });
    }
  }
  if (out.length === 0) {
    const problem = optionValueProblem("", spec, spec.value);
    if (problem) out.push({ key: "default", message: `the default ${JSON.stringify(spec.value)} is not allowed: ${problem.replace(/^option '' is /, "it must be ")}` });
  }
  return out;
}

/** The problems of the options a caller gives (a map of names to values) against the rules' declarations. */
export function optionProblems(declared: ReadonlyMap<string, OptionSpec>, given: unknown): { name: string; message: string }[] {
  if (given === undefined || given === null) return [];
  if (typeof given !== "object" || Array.isArray(given)) return [{ name: "", message: "options are a map of option names to values" }];
  const out: { name: string; message: string }[] = [];
  for (const name of Object.keys(given)) {
    const spec = declared.get(name);
    if (!spec) {
      const known = [...declared.keys()];
      out.push({ name, message: `there is no option '${name}'${known.length ? ` (options: ${known.join(", ")})` : " (the rules declare no options)"}` });
      continue;
    }
    const problem = optionValueProblem(name, spec, (given as Record<string, unknown>)[name]);
    if (problem) out.push({ name, message: problem });
  }
  return out;
}

/**
 * Options written as NAME=VALUE (a command's --option, the page's Options field), read as the options' defaults
 * are: a number, true or false, or text; then checked against the declarations. An unknown name or a value out of
 * range is a problem, said in the same words wherever the options were written.
 */
export function optionsFromPairs(pairs: readonly string[], declared: ReadonlyMap<string, OptionSpec>, base?: Record<string, unknown>): { options: Record<string, unknown>; problems: string[] } {
  const options: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, base);
  const problems: string[] = [];
  for (const text of pairs) {
    const at = text.indexOf("=");
    if (at <= 0) {
      problems.push(`an option is written NAME=VALUE, as in handSize=5, not '${text}'`);
      continue;
    }
    const name = text.slice(0, at).trim();
    const raw = text.slice(at + 1).trim();
    const want = declared.has(name) ? typeof declared.get(name)!.value : undefined;
    options[name] = want === "number" && raw !== "" && Number.isFinite(Number(raw)) ? Number(raw) : want === "boolean" && (raw === "true" || raw === "false") ? raw === "true" : raw;
  }
  problems.push(...optionProblems(declared, options).map((p) => p.message));
  return { options, problems };
}

/** The NAME=VALUE pairs of an Options field: separated by commas or new lines, blanks left out. */
export function optionPairs(text: string): string[] {
  return text.split(/[,\n]/).map((s) => s.trim()).filter(Boolean);
}
