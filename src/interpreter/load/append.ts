// What `append:` may add to: effects after a program (setup, a procedure, an action's effect, a phase's begin,
// turn or end, a trigger's effect), or items after a list (a phase's actions). Anything else gets a message
// saying what to write instead: a requirement or a parameter is added by writing it, not appended.
import { suggestion } from "../diagnostics.js";

type Raw = Record<string, unknown>;

export interface AppendTarget {
  holder: Raw;
  key: string;
  keys: string[]; // the keys of the composed tree down to the value appended to
  current: unknown;
}

const programs: RegExp[] = [/^setup$/, /^define\.[^.]+$/, /^actions\.[^.]+\.effect$/, /^phases\.[^.]+\.(begin|turn|end)$/, /^triggers\.[^.]+\.effect$/];

const isMap = (v: unknown): v is Raw => v !== null && typeof v === "object" && !Array.isArray(v);
const defineName = (key: string) => (key.includes("(") ? key.slice(0, key.indexOf("(")) : key);

/** Where an append at a path goes, or a message saying why it cannot. */
export function appendTarget(raw: Raw, names: string[]): AppendTarget | string {
  const path = names.join(".");
  let holder: Raw = raw;
  const keys: string[] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const key = i === 1 && names[0] === "define" ? Object.keys(holder).find((k) => defineName(k) === name) : Object.prototype.hasOwnProperty.call(holder, name) ? name : undefined;
    if (key === undefined) return `there is nothing at '${path}' to append to${suggestion(name, Object.keys(holder).map(defineName))}`;
    keys.push(key);
    const value = holder[key];
    if (i < names.length - 1) {
      if (!isMap(value)) return `there is nothing at '${path}' to append to: '${names.slice(0, i + 1).join(".")}' holds no items`;
      holder = value;
      continue;
    }
    // an item written {value: ..., text: ...}: append to its value
    if (isMap(value) && "value" in value && (Array.isArray(value.value) || typeof value.value === "string")) {
      return { holder: value, key: "value", keys: [...keys, "value"], current: value.value };
    }
    if (Array.isArray(value)) return { holder, key, keys, current: value };
    if (typeof value === "string" && programs.some((p) => p.test(path))) return { holder, key, keys, current: value };
    return cannot(names, value);
  }
  return `there is nothing at '${path}' to append to`;
}

function cannot(names: string[], value: unknown): string {
  const path = names.join(".");
  const parent = names.slice(0, -1).join(".");
  if (names[names.length - 2] === "require") {
    return `'${path}' is a requirement, a condition that must hold, not effects or a list: write another requirement under ${parent} (every requirement must hold), or replace this one with replaces: [${path}]`;
  }
  if (names[names.length - 2] === "params") {
    return `'${path}' is a parameter, not effects or a list: write another parameter under ${parent}, or replace this one with replaces: [${path}]`;
  }
  if (isMap(value)) {
    const first = Object.keys(value)[0];
    const example = first === undefined ? "" : `, and one listed under replaces (replaces: [${path}.${first}]) is replaced`;
    return `'${path}' is a map of named items, not effects or a list: an item with a new name written under ${path} in this fragment is added${example}`;
  }
  return `'${path}' is a single value, not effects or a list: to change it, replace it (replaces: [${path}])`;
}
