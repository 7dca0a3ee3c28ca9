// A rule card of one's own in a match's stacks: --add-card FILE joins the stack of the card's type, NAME=FILE
// takes the place of the match's card NAME; the rounds are composed with it, and a saved game replays it.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const myDeal = [
  "name: My Deal",
  "extends: on-the-cards/round",
  "fragment: {type: Deal, fills: [deal], known: house, text: The dealer deals five cards to each player.}",
  "define:",
  "  dealRound: |",
  "    deal(deck, hand, 5)",
  "    move(deck, setAside)",
].join("\n") + "\n";

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "houserules-cards-"));
  mkdirSync(join(dir, "yours"));
  writeFileSync(join(dir, "yours", "my-deal.yaml"), myDeal);
  writeFileSync(join(dir, "yours", "no-part.yaml"), "name: No Part\nextends: on-the-cards/round\ndefine:\n  x: 1\n");
  writeFileSync(join(dir, "yours", "lost.yaml"), "name: Lost\nextends: on-the-cards/nowhere\nfragment: {type: Deal, fills: [deal]}\n");
  writeFileSync(join(dir, "yours", "bidding.yaml"), "name: Bidding\nextends: on-the-cards/round\nfragment: {type: Bidding, fills: [deal]}\n");
  return dir;
}

const bin = resolve("bin/houserules.js");
function runIn(cwd: string, args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: "utf8", env: { ...process.env, HOUSERULES_PATH: "" } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const match = "on-the-cards/out-of-the-box";

describe("a rule card of one's own in a match", () => {
  const dir = folder();

  it("joins the stack of its type, and the match's rounds are played with it", () => {
    const r = runIn(dir, ["trace", match, "--add-card", "yours/my-deal.yaml", "--seed", "3", "--players", "3"]);
    expect(r.code).toBe(0);
    const rounds = r.out.split("\n").filter((l) => l.includes("— playing "));
    expect(rounds.length).toBeGreaterThan(1);
    expect(rounds.some((l) => l.includes("+ My Deal +"))).toBe(true);
    // a card of the match, taken by its written name like the others
    expect(r.out).toMatch(/take my-deal\b/);
    expect(r.out).toContain('rules: ["on-the-cards/out-of-the-box","card:yours/my-deal.yaml"]');
  });

  it("takes the place of the card it names, and the same seed plays the same games", () => {
    const args = ["simulate", match, "--add-card", "deal-eight=yours/my-deal.yaml", "--games", "6", "--players", "3", "--json"];
    const a = runIn(dir, args);
    expect(a.code).toBe(0);
    const ids: string[] = JSON.parse(a.out).innerCoverage.map((t: { id: string }) => t.id);
    expect(ids.some((id) => id.startsWith("yours/my-deal.yaml+"))).toBe(true);
    expect(ids.some((id) => id.includes("deal/deal-eight"))).toBe(false);
    expect(JSON.parse(a.out).rules).toBe("on-the-cards/out-of-the-box+card:deal-eight=yours/my-deal.yaml");
    expect(runIn(dir, [...args, "--workers", "2"]).out).toBe(a.out);
  });

  it("is saved with the games, so that replay loads it again", () => {
    const log = join(dir, "games.jsonl");
    expect(runIn(dir, ["simulate", match, "--add-card", "yours/my-deal.yaml", "--games", "2", "--players", "3", "--log", log]).code).toBe(0);
    const r = runIn(dir, ["replay", log]);
    expect(r.out).toContain("2 games replayed: every one the same");
    expect(r.code).toBe(0);
  });

  it("says where a card is wrong: a card that fills no part, a file that does not load, a type or a card the match has not", () => {
    const check = (card: string) => runIn(dir, ["check", match, "--add-card", card, "--quiet"]);
    const noPart = check("yours/no-part.yaml");
    expect(noPart.code).toBe(1);
    expect(noPart.out).toMatch(/^yours\/no-part\.yaml:1:1: error E_COMPOSE: yours\/no-part\.yaml fills no part of a round: say which, as in fragment: \{type: Deal, fills: \[deal\]\}/m);
    const missing = check("yours/missing.yaml");
    expect(missing.out).toMatch(/error E_RULES: no rule file for 'yours\/missing\.yaml' \(looked for .*yours\/missing\.yaml\)/);
    const lost = check("yours/lost.yaml");
    expect(lost.out).toMatch(/^yours\/lost\.yaml:2:10: error E_RULES: no rule file for 'on-the-cards\/nowhere'/m);
    expect(lost.out).toContain("yours/lost.yaml does not compose as a round of the match");
    expect(check("yours/bidding.yaml").out).toMatch(/^yours\/bidding\.yaml:3:18: error E_COMPOSE: the match has no rule cards of type 'Bidding' for this card to join: its types are Deal, Aim, Card Play, Trick Taking/m);
    expect(check("deal-nine=yours/my-deal.yaml").out).toContain("the match has no card 'deal-nine' for yours/my-deal.yaml to take the place of (its Deal cards: deal-eight, draw-to-fifty");
    expect(check("whist=yours/my-deal.yaml").out).toContain("'whist' is a Trick Taking card and yours/my-deal.yaml a Deal card");
    expect(runIn(dir, ["check", "idiot", "--add-card", "yours/my-deal.yaml"]).out).toContain("these rules hold no rule cards to add yours/my-deal.yaml to");
    expect(check("yours/my-deal.yaml").code).toBe(0);
  });
});
