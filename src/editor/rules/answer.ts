// The rules worker's answers, made by the project's own loader: check as `houserules check` does, the
// catalogue of rule cards, compositions as `houserules compose` describes them, and rulebooks as `houserules
// explain` writes them.
import { checkRules } from "../../interpreter/load/check.js";
import { loadComposition, loadRules } from "../../interpreter/load/load.js";
import { ablationUnits, nothingToTakeOut } from "../../sim/ablation-units.js";
import { optionPairs, optionsFromPairs } from "../../interpreter/options.js";
import { catalog, matchCardsOf, resolveReference, type CatalogEntry } from "../../interpreter/load/catalog.js";
import { composition, compositionText } from "../../interpreter/load/composition.js";
import { displayPath, resolveRules } from "../../interpreter/load/resolve.js";
import { table } from "../../sim/text-table.js";
import { languageInfo } from "../../authoring/assist.js";
import { reservedWords } from "../../../grammar/lexer.js";
import { explainRules } from "../../explain/explain-rules.js";
import { rulebookText } from "../../explain/render.js";
import { rulebookPage } from "../../docs/rulebook-page.js";
import { formatDiagnostic } from "../../interpreter/diagnostics.js";
import { sideRefs } from "../../interpreter/load/card-names.js";
import { rulesInWords, whereWritten } from "./where.js";
import { shelfOf } from "../../interpreter/load/shelf.js";
import type { BaseInfo, CardInfo, MatchInfo, Reply, Request } from "./protocol.js";

export function answer(request: Request): Reply {
  switch (request.kind) {
    case "files":
      return { kind: "files" };
    case "check":
      return {
        kind: "check",
        results: request.rules.map((ref) => {
          const r = checkRules(ref);
          return { rules: r.rules, ok: r.ok, diagnostics: r.diagnostics, sources: [...r.sources.keys()], scope: r.scope?.() ?? null };
        }),
      };
    case "catalog": {
      const entries = catalog();
      return {
        kind: "catalog",
        cards: entries.filter((e) => e.extends !== null).map(card),
        bases: entries.filter((e) => e.extends === null).map(base),
        matches: entries.map(match).filter((m) => m.cards.length > 0),
      };
    }
    case "shelf":
      return { kind: "shelf", games: shelfOf(catalog()) };
    case "language":
      return { kind: "language", ...languageInfo(reservedWords) };
    case "explain": {
      const { book, errors } = explainRules([request.rules]);
      return { kind: "explain", rules: request.rules, text: book && rulebookText(book), html: book && request.html === true ? rulebookPage(book) : null, errors: errors.map((d) => formatDiagnostic(d)) };
    }
    case "rules":
      return { kind: "rules", refs: sideRefs(request.text), composed: request.text.includes(",") };
    case "where":
      return { kind: "where", places: whereWritten(request.refs, request.rules), names: rulesInWords(request.refs, request.rules) };
    case "values": {
      // after a check of the same rules the loader has them cached: this reads the loaded game, it does not load again
      const game = loadRules(request.rules).game;
      const attributes = Object.fromEntries([...(game?.attributes.values() ?? [])].map((a) => [a.name, { numeric: a.numeric, values: a.values }]));
      return { kind: "values", attributes, zones: game?.zones.map((z) => z.name) ?? [] };
    }
    case "ablation": {
      const loaded = loadComposition(request.refs);
      if (!loaded.game) return { kind: "ablation", units: [], error: loaded.diagnostics.filter((d) => d.severity === "error").map((d) => formatDiagnostic(d)).join("\n") };
      const [base, ...fragments] = request.refs;
      const units = ablationUnits([base], fragments, loaded.rules ?? null, loaded.game);
      return { kind: "ablation", units, error: units.length ? null : nothingToTakeOut(fragments.length ? fragments : request.refs) };
    }
    case "options": {
      const game = loadComposition(request.refs).game;
      if (!game) return { kind: "options", options: {}, problems: ["the rules do not load: see their problems in the editor"] };
      const { options, problems } = optionsFromPairs(optionPairs(request.text), game.options);
      // a plain object: the reply is copied to the page, which has no use for a prototype-free one
      return { kind: "options", options: { ...options }, problems };
    }
    case "compose": {
      const c = composition(request.cards, request.players ?? undefined);
      return {
        kind: "compose",
        composition: {
          ok: c.ok,
          text: compositionText(c, table),
          parts: c.parts.map((p) => ({ part: p.part, type: p.type, ids: p.ids })),
          twists: c.twists.map((t) => t.id),
        },
      };
    }
  }
}

function pathOf(id: string): string {
  const file = resolveRules(id);
  return file ? displayPath(file) : id;
}

function card(e: CatalogEntry): CardInfo {
  return { id: e.id, name: e.name, path: pathOf(e.id), extends: e.extends, type: e.type, markers: e.markers, known: e.known, text: e.text, fills: e.fills };
}

function base(e: CatalogEntry): BaseInfo {
  const parts = Object.entries(e.parts).map(([part, info]) => ({ part, type: info.type ?? part, text: info.text ?? "" }));
  return {
    id: e.id,
    name: e.name,
    path: pathOf(e.id),
    parts,
    presets: Object.entries(e.presets).map(([name, cards]) => ({ name, cards: cards.map(resolveReference) })),
    players: e.players,
    cardTypes: Object.entries(e.cardTypes).map(([type, t]) => ({ type, colour: t.colour ?? null, text: t.text ?? "" })),
  };
}

function match(e: CatalogEntry): MatchInfo {
  return { id: e.id, name: e.name, path: pathOf(e.id), cards: matchCardsOf(e) };
}

