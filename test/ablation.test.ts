// An ablation: a variant measured whole against itself with each of its own rules taken out in turn. The loader's
// `without` takes a fragment's rule out (an added item not added, a replaced one the base's, an appended effect
// not appended), and compare --ablate gives one row per rule taken out, the whole variant the reference.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadComposition } from "../src/interpreter/load/load.js";
import { run } from "./helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "houserules-ablate-"));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
// two added rules: one that changes nearly every game a lot, one that never comes into play
const twoRules = file("two-rules.yaml", `name: Two Rules
extends: idiot

triggers:
  bonfire:
    text: a pile of six or more cards burns away
    when: pile.count >= 6
    effect: move(pile, removed)
  courtly:
    text: a pile of more than forty cards turns play round
    when: pile.count > 40
    effect: reverse()
`);
// an appended effect, a replaced requirement and an added trigger
const royal = file("royal-court.yaml", `name: Royal Court
extends: idiot
replaces: [actions.play.require.rank-order]

actions:
  play:
    require:
      rank-order:
        check: "true"
        else: anything goes

append:
  actions.play.effect: |
    if pile.any and pile.top.rank == 12 {
      reverse()
    }
  actions.flip.effect: reverse()
`);

describe("rules taken out of a variant", () => {
  it("lists the fragment's own rules, and takes each out: not added, the base's kept, not appended", () => {
    const whole = loadComposition(["idiot", royal]);
    expect(whole.game).not.toBeNull();
    expect(whole.rules!.own.map((o) => [o.rule, o.how, o.line])).toEqual([
      ["actions.play.require.rank-order", "replace", 8],
      ["actions.play.effect.append.1", "append", 13],
      ["actions.flip.effect.append.1", "append", 17],
    ]);
    const check = (refs: string[], without: string[]) => {
      const raw = loadComposition(refs, undefined, { without }).rules!.raw as any;
      return { check: raw.actions.play.require["rank-order"].check, play: raw.actions.play.effect, flip: raw.actions.flip.effect };
    };
    const all = check(["idiot", royal], []);
    expect(all.check).toBe("true");
    expect(all.play).toHaveLength(2);
    const noReplace = check(["idiot", royal], ["actions.play.require.rank-order"]);
    expect(noReplace.check).toBe("canPlay(cards.first)");
    expect(noReplace.play).toHaveLength(2);
    const noQueen = check(["idiot", royal], ["actions.play.effect.append.1"]);
    expect(typeof noQueen.play).toBe("string");
    expect(noQueen.flip).toHaveLength(2);
    expect(noQueen.check).toBe("true");
    // an added item is not added
    const trig = loadComposition(["idiot", twoRules], undefined, { without: ["triggers.bonfire"] });
    expect(Object.keys((trig.rules!.raw as any).triggers)).toEqual(["out", "courtly"]);
    expect(trig.game!.coverage.some((c) => c.rule === "triggers.bonfire")).toBe(false);
  });

  it("numbers appended effects as in the whole variant, whatever else is taken out", () => {
    const refs = ["idiot", "idiot/nines-reverse", "idiot/eights-skip"];
    const without = loadComposition(refs, undefined, { without: ["actions.play.effect.append.1"] });
    // eights-skip's append is still the second of the whole variant: taking it out too leaves the play effect alone
    const both = loadComposition(refs, undefined, { without: ["actions.play.effect.append.1", "actions.play.effect.append.2"] });
    expect((without.rules!.raw as any).actions.play.effect).toHaveLength(2);
    expect(without.rules!.own.filter((o) => o.out).map((o) => o.by)).toEqual(["idiot/nines-reverse"]);
    expect(typeof (both.rules!.raw as any).actions.play.effect).toBe("string");
  });

  it("refuses a name that is not a fragment's own rule, saying which are", () => {
    const r = loadComposition(["idiot", twoRules], undefined, { without: ["triggers.bonfir"] });
    expect(r.game).toBeNull();
    const message = r.diagnostics.find((d) => d.severity === "error")!.message;
    expect(message).toContain("'triggers.bonfir' cannot be taken out");
    expect(message).toContain("did you mean");
    expect(message).toContain("triggers.bonfire, triggers.courtly");
  });

  it("compare --ablate gives a row per rule taken out, and the rule that matters changes the game length more", async () => {
    const r = await run(["compare", "idiot", "--with", twoRules, "--ablate", "--games", "60", "--players", "3", "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.rows.map((row: any) => [row.rule, row.name, row.how, row.line])).toEqual([
      ["triggers.bonfire", "a pile of six or more cards burns away", "add", 5],
      ["triggers.courtly", "a pile of more than forty cards turns play round", "add", 9],
    ]);
    const length = (row: any) => row.figures.find((f: any) => f.measure === "game length (moves)");
    const [bonfire, courtly] = out.rows.map(length);
    expect(Math.abs(bonfire.difference)).toBeGreaterThan(Math.abs(courtly.difference) + 10);
    // whole − without: burning the pile away shortens the game, and that stays after Holm over all 6 figures
    expect(bonfire.difference).toBeLessThan(0);
    expect(bonfire.high).toBeLessThan(0);
    expect(bonfire.significantHolm).toBe(true);
    expect(courtly.significantHolm).toBe(false);
    expect(bonfire.whole).toBe(out.whole.length.mean);
    expect(out.rows[0].fired).toBeGreaterThan(50);
    expect(out.rows[1].fired).toBe(0);
    // worker threads load each side without its rule as this thread does: the same rows
    const threaded = await run(["compare", "idiot", "--with", twoRules, "--ablate", "--games", "60", "--players", "3", "--json", "--workers", "2"]);
    expect(JSON.parse(threaded.out).rows).toEqual(out.rows);
    const text = await run(["compare", "idiot", "--with", twoRules, "--ablate", "--games", "60", "--players", "3"]);
    expect(text.out).toMatch(/\na pile of six or more cards burns away \(triggers\.bonfire\) +two-rules\.yaml:5 +\d+% of games, [\d.]+ times a game +-\d/);
    expect(text.out).toContain("Corrected for all 6 figures tested at once");
  });

  it("says what to do when there is nothing to take out, or no fragment", async () => {
    const zone = file("zone.yaml", "name: Zone\nextends: idiot\nzones:\n  extra: {visible: everyone}\n");
    const r = await run(["compare", "idiot", "--with", zone, "--ablate", "--games", "5"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("there is nothing to take out");
    const u = await run(["compare", "idiot", "--ablate"]);
    expect(u.code).toBe(2);
    expect(u.err).toContain("--ablate takes one set of rules and the fragments to measure");
  });
});
