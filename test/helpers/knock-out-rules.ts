// A hand where a player who plays under the card on the pile is knocked out (no place) and one whose hand empties
// goes out (a place), and a match that plays it three times, the last hand's winner starting the next. The match
// counts what the tests check: a hand started by someone else than it said, a knocked-out player with a place,
// and the players knocked out.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deckRules, playRules } from "./rules.js";
import { matchHead } from "./match-rules.js";

export const knockHand = `${deckRules("Knock Hand", "{min: 2, max: 4}", ["pile: {visible: everyone}", "hand: {per: player, visible: owner, ordered: false}"])}variables:
  firstToPlay: {type: player}
setup: |
  shuffle(stock)
  deal(stock, hand, 3)
  move(top(stock), pile)
${playRules(`|
      if firstToPlay == none { firstToPlay = me }
      let under = top(pile).rank
      move(card, pile)
      if card.rank < under {
        eliminate(me)
      } else if hand.empty {
        out(me)
      }`, "players.any(p => p.place == 1) or active.count <= 1")}outcome:
  winners: "players.any(p => p.place == 1) ? players.filter(p => p.place == 1) : active"
`;

/** The match; `starts` is what its phase writes under game: starts (none: the key left out). */
export function knockMatch(starts: string | null = "lastWinners.first"): string {
  return `${matchHead("Knock Match")}  handsPlayed: {type: number}
  lastWinner: {type: player}
  wrongStarter: {type: number, text: hands after the first not started by the last hand's winner}
  placedKnocked: {type: number, text: losers of a hand who also have a place in it}
  knocked: {type: number, text: players knocked out over all hands}
phases:
  hand:
    game: {rules: '"hand.yaml"'${starts === null ? "" : `, starts: ${starts}`}}
    end: |
      if lastWinner != none and lastVariable("firstToPlay") != lastWinner { wrongStarter += 1 }
      lastWinner = lastWinners.first
      for p in lastLosers {
        knocked += 1
        if lastPlaces.any(q => q == p) { placedKnocked += 1 }
      }
      handsPlayed += 1
end: handsPlayed >= 3
outcome:
  scores: p => 0
`;
}

/** A folder holding the hand as hand.yaml, where the match is compiled. */
export function knockFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "knock-out-"));
  writeFileSync(join(dir, "hand.yaml"), knockHand);
  return dir;
}
