// Moves as text: how a move is written (`play 9S 9D`, `flip 2`, `pickup`), and reading one back.
import type { ActionDef } from "../model.js";
import type { Refusal, State } from "../state.js";
import type { Move } from "./types.js";
import { zoneWord } from "../zones.js";

export function moveText(s: State, move: Move): string {
  const parts = [move.action.name];
  move.action.params.forEach((param, i) => {
    const v = move.args[i];
    if (v === null || v === undefined) return;
    if (param.several) parts.push(...(v as number[]).map((c) => s.game.cardNames[c]));
    else if (param.kind === "card") parts.push(s.game.cardNames[v as number]);
    else if (param.kind === "player") parts.push(s.names[v as number]);
    else if (param.kind === "zone") parts.push(zoneWord(s, v as number));
    else if (param.kind === "flag") {
      if (v === true) parts.push(param.name); // yes is written as the flag's name, no as nothing
    } else parts.push(String(v));
  });
  return parts.join(" ");
}

/**
 * A move written with its player before a colon, `Ann: play 9S` (the name in any case): the seat and the move's
 * text, or null when the text names no seat of these names so (it is a move alone).
 */
export function seatPrefix(names: readonly string[], text: string): { seat: number; move: string } | null {
  const m = /^([^:\s][^:]*):\s*(.*)$/.exec(text.trim());
  if (!m) return null;
  const who = m[1].trim().toLowerCase();
  const seat = names.findIndex((n) => n.toLowerCase() === who);
  return seat < 0 ? null : { seat, move: m[2] };
}

/**
 * Reads a move written as text: `play 9S 9D`, `flip 2`, `pickup`. A card name is matched to a card the
 * parameter may take where one has that name. Returns the move, or a refusal saying what could not be read.
 */
export function parseMove(s: State, p: number, text: string): Move | Refusal {
  if (s.sub) return parseMove(s.sub, p, text);
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { rule: "move", reason: "the move is empty" };
  const action = s.game.actionsByName.get(words[0].toLowerCase());
  if (!action) {
    const names = [...s.game.actionsByName.keys()];
    const near = names.find((n) => n.startsWith(words[0].toLowerCase().slice(0, 3)));
    return { rule: "move", reason: `unknown action '${words[0]}' (actions: ${names.join(", ")})${near ? `; did you mean '${near}'?` : ""}` };
  }
  const args: unknown[] = [];
  let w = 1;
  const saved = s.me;
  s.me = p;
  const frame = action.frame;
  try {
    for (const param of action.params) {
      let from: unknown[] = [];
      try {
        from = param.from(s);
      } catch {
        from = [];
      }
      // an optional parameter with no choices now takes no word: the next word is the next parameter's
      if (param.optional && (w >= words.length || from.length === 0)) {
        args.push(null);
        frame[param.slot] = null;
        continue;
      }
      if (param.kind === "flag") {
        // the flag's name where it is chosen, nothing where it is not
        const yes = w < words.length && words[w].toLowerCase() === param.name.toLowerCase();
        if (yes) w++;
        args.push(yes);
        frame[param.slot] = yes;
        continue;
      }
      if (w >= words.length) return { rule: "move", reason: `${action.name} needs ${param.name}: ${usage(action)}` };
      if (param.several) {
        const picked: number[] = [];
        while (w < words.length) {
          const c = cardAt(s, words, w, from as number[], picked);
          if (c === null) return { rule: "move", reason: `there is no card called '${words[w]}'` };
          picked.push(c.card);
          w += c.words;
        }
        args.push(picked);
      } else if (param.kind === "card") {
        const c = cardAt(s, words, w, from as number[], []);
        if (c === null) return { rule: "move", reason: `there is no card called '${words[w]}'` };
        args.push(c.card);
        w += c.words;
      } else if (param.kind === "player") {
        const q = s.names.findIndex((n) => n.toLowerCase() === words[w].toLowerCase());
        if (q < 0) return { rule: "move", reason: `there is no player called '${words[w]}' (players: ${s.names.join(", ")})` };
        args.push(q);
        w++;
      } else if (param.kind === "zone") {
        const word = words[w].toLowerCase();
        const z = (from as number[]).find((x) => zoneWord(s, x).toLowerCase() === word);
        if (z === undefined) return { rule: "move", reason: `${param.name} is one of ${(from as number[]).map((x) => zoneWord(s, x)).join(", ") || "no zone now"}, not '${words[w]}'` };
        args.push(z);
        w++;
      } else if (param.kind === "number") {
        const v = Number(words[w]);
        if (!Number.isFinite(v)) return { rule: "move", reason: `${param.name} must be a number, not '${words[w]}'` };
        args.push(v);
        w++;
      } else {
        args.push(words[w]);
        w++;
      }
      frame[param.slot] = args[args.length - 1];
    }
  } finally {
    s.me = saved;
  }
  if (w < words.length) return { rule: "move", reason: `too many words: ${usage(action)}` };
  return { action, args };
}

function usage(action: ActionDef): string {
  const params = action.params.map((p) => {
    if (p.kind === "flag") return `[${p.name}]`;
    const word = p.several ? `<${p.name}...>` : `<${p.name}>`;
    return p.optional ? `[${word}]` : word;
  });
  return [action.name, ...params].join(" ");
}

/**
 * The card named at words[w], and how many words its name takes: a name may hold spaces ("dark knight"), as
 * moves are written with the names as they are, so the longest run of words that names a card is taken.
 */
function cardAt(s: State, words: string[], w: number, from: number[], picked: number[]): { card: number; words: number } | null {
  for (let n = words.length - w; n >= 1; n--) {
    const card = pickCard(s, words.slice(w, w + n).join(" "), from, picked);
    if (card !== null) return { card, words: n };
  }
  return null;
}

/** Among the cards with a name, the one the parameter may take (not already picked), else any of them. */
function pickCard(s: State, word: string, from: number[], picked: number[]): number | null {
  const named = s.game.cardsNamed(word);
  if (named.length === 0) return null;
  const fits = named.find((c) => from.includes(c) && !picked.includes(c));
  return fits ?? named.find((c) => !picked.includes(c)) ?? named[0];
}
