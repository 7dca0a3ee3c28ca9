// The page's own files, apart from the browser: the store kept in the browser's storage, and what opening a
// shared link does to it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { FileStore } from "../src/editor/files/store.js";
import { maxLinkFiles, receivedMessage, receiveShared } from "../src/editor/files/receive.js";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateRawSync, inflateRawSync } from "node:zlib";

/** A browser's storage that counts its writes. */
function storage(): Storage & { writes: number } {
  const items = new Map<string, string>();
  return {
    writes: 0,
    get length() { return items.size; },
    clear: () => items.clear(),
    getItem: (k: string) => items.get(k) ?? null,
    key: (i: number) => [...items.keys()][i] ?? null,
    removeItem: (k: string) => void items.delete(k),
    setItem(k: string, v: string) { this.writes++; items.set(k, v); },
  };
}

afterEach(() => vi.restoreAllMocks());

describe("opening a shared link", () => {
  it("opens a link of 5,000 files in one write a file opened and one of the list, one sort, at most the stated number of files, and says the rest were not opened", () => {
    const kept = storage();
    const store = new FileStore(kept);
    store.add("mine.yaml", "name: Mine\n");
    const changes: number[] = [];
    store.on((c) => changes.push(c.names.length));
    kept.writes = 0;
    const files: [string, string][] = Array.from({ length: 5000 }, (_, i) => [`f${i}.yaml`, ""]);
    const compare = vi.spyOn(String.prototype, "localeCompare");
    const received = receiveShared(store, { files, open: null });
    store.names();
    store.entries();
    expect(kept.writes).toBe(maxLinkFiles + 1);
    expect(changes).toEqual([maxLinkFiles]);
    // one sort of the files kept: n log n comparisons, not one sort per file added
    const n = maxLinkFiles + 1;
    expect(compare.mock.calls.length).toBeLessThanOrEqual(2 * n * Math.ceil(Math.log2(n)));
    expect(store.names()).toHaveLength(n);
    expect(received.names).toEqual(files.slice(0, maxLinkFiles).map(([name]) => name));
    expect(received.left).toBe(5000 - maxLinkFiles);
    expect(received.first).toBe("f0.yaml");
    expect(receivedMessage(received)).toBe(`opened ${maxLinkFiles} shared files: they are now among your files; the other ${5000 - maxLinkFiles} in the link were not opened (a link opens at most ${maxLinkFiles} files)`);
  });

  it("says which shared files were given a new name because theirs was taken, and opens the one the link names under its new name", () => {
    const store = new FileStore(storage());
    store.add("rules.yaml", "name: Mine\n");
    store.add("same.yaml", "name: Same\n");
    const received = receiveShared(store, { files: [["same.yaml", "name: Same\n"], ["rules.yaml", "name: Theirs\n"]], open: "rules.yaml" });
    expect(received.names).toEqual(["same.yaml", "rules-2.yaml"]);
    expect(received.first).toBe("rules-2.yaml");
    expect(store.get("rules.yaml")).toBe("name: Mine\n");
    expect(store.get("rules-2.yaml")).toBe("name: Theirs\n");
    expect(receivedMessage(received)).toBe("opened 2 shared files: they are now among your files; a name was already taken, so rules.yaml is rules-2.yaml");
  });
});

describe("a card in the composer", () => {
  it("reads as its summary when its file gives no card text", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { entryOf } = await import("../src/interpreter/load/catalog.js");
    const dir = mkdtempSync(join(tmpdir(), "houserules-"));
    writeFileSync(join(dir, "double.yaml"), "name: Double\nsummary: >\n  Every card counts twice.\nextends: idiot\n");
    expect(entryOf("./double.yaml", dir)?.text).toBe("Every card counts twice.");
  });
});

describe("renaming a file", () => {
  it("refuses a name another file has, a name with a folder in it, and no name, and takes any other", async () => {
    const { renameRefusal } = await import("../src/editor/files/names.js");
    const taken = (n: string) => ["base.yaml", "loop.yaml"].includes(n);
    expect(renameRefusal("base", "loop.yaml", taken)).toBe("there is already a file called base.yaml");
    expect(renameRefusal("../x", "loop.yaml", taken)).toBe("'../x' cannot be a file's name: it may not hold / or \\");
    expect(renameRefusal("  ", "loop.yaml", taken)).toBe("a file needs a name");
    expect(renameRefusal("loop", "loop.yaml", taken)).toBeNull();
    expect(renameRefusal("spin", "loop.yaml", taken)).toBeNull();
  });
});

describe("rules named on the page", () => {
  it("reads a list of card names, a card of the user's own among them, as houserules compare reads a side, and the round loads", async () => {
    const { answer } = await import("../src/editor/rules/answer.js");
    const { loadComposition } = await import("../src/interpreter/load/load.js");
    const deal = readFileSync("rules/on-the-cards/deal/deal-seven.yaml", "utf8").replace(/^name:.*$/m, "name: My Deal Seven");
    await asInRulesWorker({ "my-deal-seven.yaml": deal }, () => {
      const read = answer({ kind: "rules", text: "My Deal Seven, Avoid High Value Cards, Crazy Eights, Whist" });
      expect(read).toMatchObject({ kind: "rules", composed: true });
      const refs = (read as { refs: string[] }).refs;
      expect(refs.slice(1)).toEqual(["on-the-cards/aim/avoid-high-value-cards", "on-the-cards/card-play/crazy-eights", "on-the-cards/trick-taking/whist"]);
      const loaded = loadComposition(refs);
      expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(loaded.game?.name).toBeTruthy();
      // the card of one's own is the user's file, not the shipped Deal Seven
      const cards = answer({ kind: "catalog" }) as { cards: { id: string; path: string }[] };
      expect(cards.cards.find((c) => c.id === refs[0])?.path).toBe("yours/my-deal-seven.yaml");
      // an id with fragments joined by +, as before
      expect(answer({ kind: "rules", text: "idiot+idiot/sevens" })).toEqual({ kind: "rules", refs: ["idiot", "idiot/sevens"], composed: false });
    });
  });

  it("reads a match with a card of the user's own added, and in place of one of its cards, as --add-card does, and the match loads with it", async () => {
    const { answer } = await import("../src/editor/rules/answer.js");
    const { loadComposition } = await import("../src/interpreter/load/load.js");
    const aim = readFileSync("rules/on-the-cards/aim/avoid-high-value-cards.yaml", "utf8").replace(/^name:.*$/m, "name: My Aim");
    await asInRulesWorker({ "my-aim.yaml": aim }, () => {
      for (const [text, card] of [["on-the-cards/out-of-the-box+card:yours/my-aim.yaml", "card:yours/my-aim.yaml"], ["on-the-cards/out-of-the-box + card:take-lots-of-tricks=yours/my-aim.yaml", "card:take-lots-of-tricks=yours/my-aim.yaml"]]) {
        const read = answer({ kind: "rules", text }) as { refs: string[] };
        expect(read.refs).toEqual(["on-the-cards/out-of-the-box", card]);
        const loaded = loadComposition(read.refs);
        expect(loaded.diagnostics.filter((d) => d.severity === "error"), text).toEqual([]);
        expect(loaded.game!.cardNames.includes("my-aim"), text).toBe(true);
        expect(loaded.game!.cardNames.includes("take-lots-of-tricks"), text).toBe(!card.includes("="));
      }
      // the catalogue names the matches and their rule cards, for Compose to offer: a match that extends
      // another has its cards; a round, which holds no rule cards, is no match
      const { matches } = answer({ kind: "catalog" }) as { matches: { id: string; cards: { name: string; title: string; type: string }[] }[] };
      const boxed = readFileSync("rules/on-the-cards/out-of-the-box.yaml", "utf8");
      const written = [...boxed.matchAll(/- each: \{card: \[([a-z0-9-]+)\]\}\n\s+with: \{title: "([^"]+)", type: ([A-Za-z ]+),/g)].map((m) => ({ name: m[1], title: m[2], type: m[3] }));
      expect(written.length).toBeGreaterThan(10);
      const box = matches.find((m) => m.id === "on-the-cards/out-of-the-box")!;
      expect(box.cards.filter((c) => written.some((w) => w.name === c.name))).toEqual(written);
      expect(matches.find((m) => m.id === "on-the-cards/round-the-twist")?.cards).toEqual(box.cards);
      expect(matches.some((m) => m.id === "on-the-cards/round" || m.id === "idiot")).toBe(false);
    });
  });

  it("finds where each rule of a run is written: in the variant, in a card, or in the file they extend, however the run names them", async () => {
    const { whereWritten } = await import("../src/editor/rules/where.js");
    const variant = "name: Royal Court\nextends: idiot\n\nappend:\n  actions.play.effect: reverse()\n\ntriggers:\n  courtly:\n    when: pile.count > 40\n    effect: reverse()\n";
    const idiotLines = readFileSync("rules/idiot/idiot.yaml", "utf8").split("\n");
    const actions = idiotLines.indexOf("actions:");
    const swap = actions + idiotLines.slice(actions).findIndex((l) => l.startsWith("  swap:")) + 1;
    await asInRulesWorker({ "royal-court.yaml": variant }, () => {
      for (const ref of ["yours/royal-court.yaml", "royal-court"]) {
        expect(whereWritten([ref], ["actions.swap", "actions.play", "triggers.courtly", "actions.nothing"])).toEqual([
          { path: "rules/idiot/idiot.yaml", line: swap, changes: false },
          { path: "yours/royal-court.yaml", line: 5, changes: true },
          { path: "yours/royal-court.yaml", line: 8, changes: true },
          null,
        ]);
      }
      const round = ["on-the-cards/deal/deal-eight", "on-the-cards/aim/take-lots-of-tricks", "on-the-cards/card-play/crazy-eights", "on-the-cards/trick-taking/whist"];
      const roundLines = readFileSync("rules/on-the-cards/round.yaml", "utf8").split("\n");
      expect(whereWritten(round, ["actions.play"])).toEqual([{ path: "rules/on-the-cards/round.yaml", line: roundLines.indexOf("  play:", roundLines.indexOf("actions:")) + 1, changes: false }]);
    });
  });
});

/** Runs `body` with the rule files as the rules worker holds them: the shipped ones, and `mine` in yours/. */
async function asInRulesWorker(mine: Record<string, string>, body: () => void): Promise<void> {
  const { MemoryHost, packageFolder } = await import("../src/editor/rules/memory-host.js");
  const { compileSchema } = await import("../src/interpreter/load/schema-compile.js");
  const { installHost } = await import("../src/interpreter/load/host.js");
  const { installNodeHost } = await import("../src/node/host.js");
  const files = new Map(readdirSync("rules", { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".yaml"))
    .map((f): [string, string] => [`${packageFolder}/rules/${f}`, readFileSync(join("rules", f), "utf8")]));
  for (const [name, text] of Object.entries(mine)) files.set(`${packageFolder}/yours/${name}`, text);
  installHost(new MemoryHost(files, [`${packageFolder}/rules`, `${packageFolder}/yours`], (_name, schema) => compileSchema(schema)));
  try {
    body();
  } finally {
    installNodeHost();
  }
}

describe("renaming a file in the store", () => {
  it("announces the removal and the addition once the file has its new name, saying what it was renamed to", () => {
    const store = new FileStore(storage());
    store.add("mine.yaml", "name: Mine\n");
    const seen: unknown[] = [];
    store.on((c) => seen.push([c.kind, c.names, c.renamedTo, store.names()]));
    expect(store.rename("mine.yaml", "yours-now.yaml")).toBe("yours-now.yaml");
    expect(seen).toEqual([["removed", ["mine.yaml"], "yours-now.yaml", ["yours-now.yaml"]], ["added", ["yours-now.yaml"], undefined, ["yours-now.yaml"]]]);
  });
});

describe("the files kept in the browser", () => {
  it("writes only the file a keystroke changed, reads every file back after a reload, and moves the files an earlier page kept together", () => {
    const kept = storage();
    const store = new FileStore(kept);
    store.add("a.yaml", "name: A\n");
    store.add("b.yaml", "x".repeat(100_000));
    const written: [string, number][] = [];
    const setItem = kept.setItem.bind(kept);
    kept.setItem = (k: string, v: string) => (written.push([k, v.length]), setItem(k, v));
    store.set("a.yaml", "name: AB\n");
    expect(written).toEqual([["houserules.file.v2/a.yaml", 9]]);
    store.rename("a.yaml", "c.yaml");
    store.remove("b.yaml");
    expect(new FileStore(kept).entries()).toEqual([["c.yaml", "name: AB\n"]]);
    expect(kept.getItem("houserules.file.v2/b.yaml")).toBeNull();
    expect(kept.getItem("houserules.file.v2/a.yaml")).toBeNull();

    const earlier = storage();
    earlier.setItem("houserules.files.v1", JSON.stringify([["old.yaml", "name: Old\n"], ["__proto__", "name: P\n"], [7, "not a file"]]));
    const moved = new FileStore(earlier);
    expect(moved.entries()).toEqual([["__proto__", "name: P\n"], ["old.yaml", "name: Old\n"]]);
    expect(earlier.getItem("houserules.files.v1")).toBeNull();
    expect(new FileStore(earlier).entries()).toEqual(moved.entries());
    // a list that does not parse, or names a file not kept, loses nothing else
    earlier.setItem("houserules.files.v2", JSON.stringify(["old.yaml", "gone.yaml", 3]));
    expect(new FileStore(earlier).entries()).toEqual([["old.yaml", "name: Old\n"]]);
  });
});

describe("a shared link's document", () => {
  it("carries the files, the file open, the screen, the round, the Measure fields and the game with its moves, and refuses a link whose part is damaged or hostile", async () => {
    const { decodeShare, encodeShare, LinkProblem } = await import("../src/editor/files/share.js");
    const { maxGameMoves, maxMoveChars } = await import("../src/editor/files/page-state.js");
    const compose = { base: "on-the-cards/round", chosen: [["deal", "on-the-cards/deal/deal-eight"]] as [string, string][], twists: [], players: 4 };
    const measure = { rules: "idiot", against: "", players: "4", games: "200", seed: "7", agents: "random", workers: "1" };
    const play = { rules: "idiot", players: 3, seed: "3", seats: ["person", "person", "random"], moves: [[0, "ready"], [2, "ready"], [1, "play 3H", 1.5]] as [number, string, number?][] };
    const doc = { files: [["mine.yaml", "name: Mine\n"]] as [string, string][], open: "mine.yaml", shipped: "rules/idiot/idiot.yaml", screen: "play", compose, measure, play };
    const fragment = await encodeShare(doc);
    expect(await decodeShare(`#${fragment}`)).toEqual(doc);
    // a link of the files alone is as it was before links carried more: old links open, and old pages read new ones' files
    const filesOnly = await encodeShare({ files: doc.files, open: null });
    expect(await decodeShare(`#${filesOnly}`)).toEqual({ files: doc.files, open: null });
    expect(JSON.parse(inflateRawSync(Buffer.from(filesOnly.slice("share=".length), "base64url")).toString())).toEqual({ v: 1, files: doc.files, open: null });

    const link = (value: unknown) => `#share=${deflateRawSync(JSON.stringify({ v: 1, files: [], open: null, ...(value as object) })).toString("base64url")}`;
    const refusal = async (value: unknown) => decodeShare(link(value)).then(() => "opened", (e: Error) => (e instanceof LinkProblem ? e.message : `not a LinkProblem: ${e.message}`));
    const badGame = [
      { ...play, seats: ["person", "person", "__proto__"] }, { ...play, seats: ["person"] }, { ...play, players: 17 },
      { ...play, moves: [[3, "ready"]] }, { ...play, moves: [[0, 7]] }, { ...play, moves: [[0, "x".repeat(maxMoveChars + 1)]] },
      { ...play, moves: [[0, "ready", -1]] }, { ...play, moves: [[0, "ready", 1, 2]] }, { ...play, moves: Array(maxGameMoves + 1).fill([0, "ready"]) },
      { ...play, rules: { toString: "x" } }, [], "idiot",
    ];
    for (const game of badGame) expect(await refusal({ play: game }), JSON.stringify(game).slice(0, 80)).toBe("this link is damaged: its game cannot be read (a part too large, or not as this page writes it)");
    expect(await refusal({ compose: { ...compose, players: 0 } })).toBe("this link is damaged: the round it composes cannot be read (a part too large, or not as this page writes it)");
    expect(await refusal({ measure: { ...measure, games: undefined } })).toBe("this link is damaged: its Measure fields cannot be read (a part too large, or not as this page writes it)");
    for (const screen of ["__proto__", "constructor", 3]) expect(await refusal({ screen })).toBe("this link is damaged: the screen it opens is not one of this page's");
    for (const shipped of ["../../etc/passwd.yaml", "rules/x.yaml\n", "https://example.com/rules/x.yaml"]) expect(await refusal({ shipped })).toBe("this link is damaged: the shipped file it opens is not named as this page names one");
    // a name given as an object's own key by JSON is only data: nothing is read through it
    expect(await refusal(JSON.parse('{"__proto__": {"play": 1}, "constructor": {"prototype": 1}}'))).toBe("opened");
  });
});

describe("the screens' state across a reload", () => {
  it("keeps each screen's part, reads back only what has the expected shape, and keeps no part over its size cap", async () => {
    const { PageState, composeState, fields, maxPartBytes, maxFieldChars } = await import("../src/editor/files/page-state.js");
    const kept = storage();
    const state = new PageState(kept);
    const round = { base: "on-the-cards/round", chosen: [["deal", "my-deal"]], twists: ["on-the-cards/twist/partnership"], players: 4, into: { card: "yours/my-deal.yaml", match: "on-the-cards/out-of-the-box", place: "deal-eight" } };
    state.write("compose", round);
    state.write("measure", { rules: "idiot", against: "" });
    expect(new PageState(kept).read("compose", composeState)).toEqual(round);
    expect(new PageState(kept).read("measure", (v) => fields(v, ["rules", "against"]))).toEqual({ rules: "idiot", against: "" });
    // damaged or hostile: dropped whole
    for (const bad of [{ ...round, players: 99 }, { ...round, chosen: [["deal"]] }, { ...round, twists: [7] }, { ...round, base: "x".repeat(maxFieldChars + 1) }, { ...round, into: { card: "yours/my-deal.yaml", match: 7, place: "" } }, [], null, "round"]) {
      state.write("compose", bad);
      expect(state.read("compose", composeState), JSON.stringify(bad)?.slice(0, 60)).toBeUndefined();
    }
    expect(state.read("measure", (v) => fields(v, ["rules", "games"]))).toBeUndefined(); // a field missing
    kept.setItem("houserules.page.v1", "{not json");
    expect(state.read("compose", composeState)).toBeUndefined();
    kept.setItem("houserules.page.v1", JSON.stringify({ ["__proto__"]: round }));
    expect(state.read("compose", composeState)).toBeUndefined();
    // too large to keep: not kept, and what was kept before of that part is dropped
    state.write("measure", { rules: "idiot" });
    state.write("measure", { rules: "x".repeat(maxPartBytes) });
    expect(state.read("measure", (v) => v)).toBeUndefined();
    expect(kept.getItem("houserules.page.v1")!.length).toBeLessThan(1000);
  });
});

describe("a view that spoils a game", () => {
  it("is another seat or the whole truth, mid-game, for a person playing against agents; never when agents or people play alone, or once the game is over", async () => {
    const { spoils, TRUTH } = await import("../src/editor/play/spoiler.js");
    const against = { over: false, people: [true, false, false] };
    expect([TRUTH, 0, 1, 2].map((v) => spoils(against, v))).toEqual([true, false, true, true]);
    expect(spoils({ ...against, over: true }, TRUTH)).toBe(false);
    expect(spoils({ over: false, people: [false, false] }, TRUTH)).toBe(false);
    expect(spoils({ over: false, people: [true, true] }, 1)).toBe(false);
    expect(spoils({ over: false, people: [true, true, false] }, 1)).toBe(false); // another person's seat, at a shared screen
    expect(spoils(null, TRUTH)).toBe(false);
  });
});

describe("the rule-file schema in the editor", () => {
  it("titles each key's hover with the key itself, its documentation kept, where monaco-yaml would title every key with the whole schema's title", async () => {
    const { withKeyTitles } = await import("../src/editor/monaco/schema-titles.js");
    const schema = JSON.parse(readFileSync("grammar/rules.schema.json", "utf8"));
    const titled = withKeyTitles(schema);
    expect(titled.title).toBe("houserules rule file");
    expect(titled.properties.players).toMatchObject({ title: "players", description: schema.properties.players.description });
    expect(titled.properties.zones.title).toBe("zones");
    // nested keys too, and the definitions that hold them; names that are data (enum, required) are left alone
    const nested = Object.values(titled.definitions as Record<string, any>).find((d) => d.properties && Object.keys(d.properties).length);
    const [name] = Object.keys(nested.properties);
    expect(nested.properties[name].title ?? name).toBe(name);
    expect(JSON.stringify(titled.properties.players.oneOf[1].required)).toBe(JSON.stringify(schema.properties.players.oneOf[1].required));
    expect(schema.properties.players.title).toBeUndefined(); // the schema itself is not changed
  });
});
