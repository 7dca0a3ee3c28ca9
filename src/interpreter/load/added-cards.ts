// Rule cards of one's own in a match. A match holds its rule cards as cards whose attribute `rules` names a rule
// file and whose attribute `type` is the card's kind as printed (Deal, Aim, ...). A reference `card:FILE` adds
// the rule card written in FILE to the match: a card of its own, made like the match's first card set of the
// same type (its zone, its other attributes), with the card file's name as title and the file as its rules.
// `card:NAME=FILE` puts it in place of the match's card NAME. The type comes from the card's own file
// (`fragment.type`), so a card joins the stack of the part it fills.
import type { Diagnostic } from "../diagnostics.js";
import { suggestion } from "../diagnostics.js";
import { basename } from "./paths.js";
import { reachable, displayPath } from "./resolve.js";
import type { SourceFile } from "./yaml.js";
import { ComposedSource } from "./composed-source.js";
import { maxAddedCards } from "../limits.js";

type Raw = Record<string, unknown>;

const prefix = "card:";

/** Whether a reference adds a rule card to a match rather than naming rules to compose. */
export function isCardRef(ref: string): boolean {
  return ref.startsWith(prefix);
}

/** The file of a card reference and the card it takes the place of, if any: card:FILE or card:NAME=FILE. */
export function cardRef(ref: string): { file: string; replaces?: string } {
  const body = ref.slice(prefix.length).trim();
  const m = /^([A-Za-z0-9][A-Za-z0-9 _'-]*)=(.+)$/.exec(body);
  return m ? { file: m[2].trim(), replaces: m[1].trim() } : { file: body };
}

/** A reference that adds the card in `file` (in place of the match's card `replaces`, when given). */
export function cardRefOf(file: string, replaces?: string): string {
  return `${prefix}${replaces ? `${replaces}=` : ""}${file}`;
}

/** One of a match's rule cards: its name as a move or card:NAME=FILE writes it, its printed title and type. */
export interface MatchCard {
  name: string;
  title: string;
  type: string;
}

/** The rule cards a match's own file holds (not those of the file it extends), in the order written. */
export function ruleCardsOf(raw: Raw): MatchCard[] {
  const section = raw.cards && typeof raw.cards === "object" ? (raw.cards as Raw) : {};
  const sets = Array.isArray(section.sets) ? (section.sets as unknown[]) : [];
  const out: MatchCard[] = [];
  for (const s of sets) {
    if (!s || typeof s !== "object" || !isRuleSet(s as Raw)) continue;
    const w = withOf(s as Raw);
    const names = setNames(s as Raw)?.names ?? [];
    const title = typeof w.title === "string" && names.length === 1 ? w.title : null;
    for (const name of names) out.push({ name, title: title ?? name, type: String(w.type) });
  }
  return out;
}

export interface CardToAdd {
  file: SourceFile;
  raw: Raw;
  /** The card file on the host, as the match's rounds will load it. */
  path: string;
  replaces?: string;
}

const normal = (s: string) => s.toLowerCase().replace(/[\s\u2013\u2014_-]+/g, " ").trim();

/** The names a card set gives its cards, when they are written as a list under `each` (name: "{card}"). */
function setNames(set: Raw): { key: string; names: string[] } | null {
  const m = typeof set.name === "string" ? /^\{([A-Za-z0-9_]+)\}$/.exec(set.name) : null;
  const each = set.each && typeof set.each === "object" ? (set.each as Raw) : null;
  const list = m && each && Object.hasOwn(each, m[1]) ? each[m[1]] : undefined;
  return m && Array.isArray(list) ? { key: m[1], names: list.map(String) } : null;
}

function withOf(set: Raw): Raw {
  return set.with && typeof set.with === "object" ? (set.with as Raw) : {};
}

/** Whether a card set is of rule cards: its cards name a rule file and a type. */
function isRuleSet(set: Raw): boolean {
  return typeof withOf(set).rules === "string" && withOf(set).rules !== "" && typeof withOf(set).type === "string";
}

/**
 * Adds the cards to the composed rules of a match (in place), recording where each new set was written (its
 * card's file). Gives the problems: a card without a type, a type the match has no cards of, a card to replace
 * that the match does not have, a name taken twice.
 */
export function addCards(raw: Raw, source: ComposedSource, matchFolder: string, cards: CardToAdd[]): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const section = (raw.cards ??= {}) as Raw;
  const sets = ((section.sets as Raw[] | undefined) ?? []).map((s) => ({ ...s }));
  section.sets = sets;
  const types = [...new Set(sets.filter(isRuleSet).map((s) => String(withOf(s).type)))];
  if (cards.length > maxAddedCards) {
    return [cards[maxAddedCards].file.at("", "error", "E_COMPOSE", `${cards.length} rule cards added to one match, more than the limit of ${maxAddedCards}`, true)];
  }
  for (const card of cards) {
    const where = displayPath(card.path);
    const fragment = card.raw.fragment && typeof card.raw.fragment === "object" ? (card.raw.fragment as Raw) : null;
    const type = typeof fragment?.type === "string" ? fragment.type : null;
    if (types.length === 0) {
      problems.push(card.file.at("", "error", "E_COMPOSE", `these rules hold no rule cards to add ${where} to: a match's rule cards are cards with the attributes type and rules (the rule file of the card)`));
      continue;
    }
    if (typeof card.raw.extends !== "string") {
      problems.push(card.file.at("", "error", "E_COMPOSE", `${where} is a game of its own, not a rule card: a rule card extends the rules of a round and fills a part of it`));
      continue;
    }
    const listed = (k: string) => Array.isArray(fragment?.[k]) && (fragment![k] as unknown[]).length > 0;
    if (!type || !(listed("fills") || listed("changes"))) {
      problems.push(card.file.at(fragment ? "/fragment" : "", "error", "E_COMPOSE", `${where} fills no part of a round: say which, as in fragment: {type: ${type ?? types[0]}, fills: [deal]} (the match's rule cards are of type ${types.join(", ")}; a card that changes a part says so with changes: [...])`, !fragment));
      continue;
    }
    const template = sets.find((s) => isRuleSet(s) && withOf(s).type === type);
    if (!template) {
      problems.push(card.file.at("/fragment/type", "error", "E_COMPOSE", `the match has no rule cards of type '${type}' for this card to join: its types are ${types.join(", ")}${suggestion(type, types)}`));
      continue;
    }
    const refused = reachable(card.path, matchFolder);
    if (refused) {
      problems.push(card.file.at("", "error", "E_PATH", `the match's rounds cannot load ${where}: ${refused}`, true));
      continue;
    }
    let replaced = -1;
    if (card.replaces !== undefined) {
      const wanted = normal(card.replaces);
      const holder = sets.find((s) => setNames(s)?.names.some((n) => normal(n) === wanted) || (setNames(s)?.names.length === 1 && normal(String(withOf(s).title ?? "")) === wanted));
      const names = setNames(holder ?? {});
      if (!holder || !names) {
        const ofType = sets.filter((s) => isRuleSet(s) && withOf(s).type === type).flatMap((s) => setNames(s)?.names ?? []);
        problems.push(card.file.at("/fragment/type", "error", "E_COMPOSE", `the match has no card '${card.replaces}' for ${where} to take the place of${suggestion(card.replaces, ofType)} (its ${type} cards: ${ofType.join(", ")})`));
        continue;
      }
      if (withOf(holder).type !== type) {
        problems.push(card.file.at("/fragment/type", "error", "E_COMPOSE", `'${card.replaces}' is a ${String(withOf(holder).type)} card and ${where} a ${type} card: a card takes the place of one of its own type`));
        continue;
      }
      // a card's own set takes the new card in its place (and where it was written); a set of several loses it
      const i = sets.indexOf(holder);
      if (names.names.length > 1) sets[i] = { ...holder, each: { ...(holder.each as Raw), [names.key]: names.names.filter((n) => normal(n) !== wanted) } };
      else replaced = i;
    }
    // the file's name, as a move can write it: take my-deal
    const name = basename(card.path).replace(/\.yaml$/, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "card";
    if (sets.some((s, i) => i !== replaced && setNames(s)?.names.includes(name))) {
      problems.push(card.file.at("", "error", "E_COMPOSE", `the match has a card called '${name}' already: name the file otherwise, or put it in that card's place with card:${name}=${where}`, true));
      continue;
    }
    const key = setNames(template)?.key ?? "card";
    const at = replaced >= 0 ? replaced : sets.length;
    sets[at] = {
      each: { [key]: [name] },
      with: { ...withOf(template), title: typeof card.raw.name === "string" ? card.raw.name : name, rules: card.path },
      name: `{${key}}`,
      into: template.into,
    };
    source.set(`/cards/sets/${at}`, card.file, "");
  }
  return problems;
}
