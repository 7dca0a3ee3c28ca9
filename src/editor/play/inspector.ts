// The inspector beside the table: the game as named data — the phase, whose turn, every zone and variable by
// its rule name — and what each searching agent weighed before its latest move. It is drawn from the frame
// alone, so it shows exactly what the chosen view may see: a card the view does not know is counted, never named,
// and an agent's moves come only as the worker gives them to this view (src/session/inspect.ts).
import { h } from "../dom.js";
import type { Frame } from "../../session/remote.js";
import { inWords, reversal, valueInWords } from "../../table/table.js";

const head = (...cells: string[]) => h("thead", {}, h("tr", {}, ...cells.map((c) => h("th", {}, c))));

export function inspector(f: Frame): HTMLElement {
  const v = f.view;
  const rules = f.rules;
  const name = (p: number) => f.names[p] ?? `seat ${p + 1}`;
  const turn = f.over ? "nobody: the game is over" : v.current >= 0 ? name(v.current) : f.toMove.length ? `${f.toMove.map(name).join(", ")} may act` : "nobody";
  const facts: [string, string][] = [
    ["game", rules.name],
    ["view", f.viewer < 0 ? "the whole truth" : `${name(f.viewer)}'s view`],
    ["phase", `${v.phase} (${inWords(v.phase)})`],
    ["turn", turn],
    ["move", `${f.cursor} of ${f.length}`],
    ["dealer", v.dealer >= 0 ? name(v.dealer) : "none"],
    ["direction", reversal(v) ?? (v.flow.phaseDirection < 0 ? "counter-clockwise" : "clockwise")],
  ];
  if (v.out.some(Boolean)) facts.push(["out", v.out.flatMap((o, p) => (o ? [name(p)] : [])).join(", ")]);
  if (v.winners) facts.push(["winners", v.winners.map(name).join(", ") || "nobody"]);

  const zones = v.zones.filter((z) => !z.retired).map((z) => {
    const known = z.cards.filter((c) => c >= 0).map((c) => rules.faces[c].name);
    const unseen = z.cards.length - known.length;
    const cards = [known.join(" "), unseen ? `${unseen} unseen` : ""].filter(Boolean).join(" · ") || "empty";
    return h("tr", { "data-zone": z.zone }, h("td", { title: rules.zones.find((d) => d.name === z.name)?.text }, z.label), h("td", {}, String(z.cards.length)), h("td", {}, cards));
  });

  const variables = rules.vars.map((def) => {
    const value = v.variables[def.name];
    const said = (x: unknown) => (x === null || x === undefined ? "hidden" : valueInWords(rules, f.names, def.type, x));
    const shown = def.per === "player" && Array.isArray(value) ? value.map((x, p) => `${name(p)} ${said(x)}`).join(" · ") : said(value);
    return h("tr", { "data-variable": def.name }, h("td", { title: def.text }, def.name), h("td", {}, shown), h("td", {}, def.table ? "on the table" : ""));
  });

  return h("div", {},
    h("h2", {}, "Inspector"),
    h("dl", { class: "inspect-facts", "data-test": "inspect-facts" }, ...facts.flatMap(([k, x]) => [h("dt", {}, k), h("dd", { "data-fact": k }, x)])),
    h("h3", {}, "Zones"),
    h("table", { "data-test": "inspect-zones" }, head("zone", "cards", "this view sees"), h("tbody", {}, ...zones)),
    h("h3", {}, "Variables"),
    variables.length ? h("table", { "data-test": "inspect-variables" }, head("variable", "value", ""), h("tbody", {}, ...variables)) : h("p", { class: "muted" }, "none"),
    h("h3", {}, "Searching agents"),
    searches(f, name));
}

function searches(f: Frame, name: (p: number) => string): HTMLElement {
  const all = f.searches;
  if (!all) return h("p", { class: "muted" }, "what the agents weighed is not known here");
  if (all.length === 0) return h("p", { class: "muted" }, "no searching agent has moved yet in this game");
  return h("div", { "data-test": "inspect-searches" }, ...all.map((s) => {
    const heading = `${name(s.player)} (${s.agent}), before move ${s.at}: ${s.of} move${s.of === 1 ? "" : "s"} weighed over ${s.tries} tries`;
    if (!s.moves) return h("section", { class: "search", "data-seat": s.player }, h("p", {}, heading), h("p", { class: "muted" }, s.withheld ?? ""));
    const more = s.of - s.moves.length;
    return h("section", { class: "search", "data-seat": s.player },
      h("p", {}, heading),
      h("table", {}, head("move", "visits", "mean value"),
        h("tbody", {}, ...s.moves.map((m) => h("tr", { class: m.chosen ? "chosen" : "", "data-test": "considered" },
          h("td", {}, m.text ?? "a move of a card this view no longer shows", m.chosen ? " ← made" : ""), h("td", { "data-visits": m.visits }, String(m.visits)), h("td", {}, m.value.toFixed(2)))))),
      more > 0 ? h("p", { class: "muted" }, `and ${more} less visited`) : null);
  }));
}
