// The shelf: classic games written purely as rule files, each with the house rules people play. Every game loads
// with nothing but its assumptions, plays seeded random games to their end at every player count it allows
// (small counts here; npm run demo plays more), and its scenarios catch its rules breaking. Every house rule is a
// fragment marked as one, and each of its scenarios passes on the fragment and fails on the plain game: the
// scenario shows what the house rule changes. (Every scenario file passing is test/scenarios.test.ts.)
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadComposition } from "../src/interpreter/load/load.js";
import { entry } from "../src/interpreter/load/catalog.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import { runScenarioText } from "../src/scenario/scenario.js";
import { simulate } from "../src/sim/simulate.js";
import { randomAgent } from "../src/agents/random.js";
import { withBrokenRules } from "./helpers/broken-rules.js";

interface ShelfGame {
  id: string;
  /** The player counts played here, and games at each. */
  players: number[];
  games: number;
  /** Each scenario with a change to the rules that it must catch, and words its failure must contain. */
  breaks: { scenario: string; from: string; to: string; says: string }[];
}

const shelf: ShelfGame[] = [
  {
    id: "war",
    players: [2],
    games: 20,
    breaks: [
      { scenario: "battle", from: "let high = players.best(p => strength(p.battle.top))", to: "let high = players.worst(p => strength(p.battle.top))", says: "expected Ann's stack to hold 4 cards" },
      { scenario: "war", from: "move(top(p.stack, min(faceDownInWar, max(p.stack.count - 1, 0))), p.spoils)", to: "move(top(p.stack, 0), p.spoils)", says: "expected Ann's spoils to hold [9S]" },
      { scenario: "short-of-cards", from: "max(p.stack.count - 1, 0)", to: "p.stack.count", says: "expected Ann's stack to hold [6D]" },
    ],
  },
  {
    id: "old-maid",
    players: [2, 3, 5, 8],
    games: 10,
    breaks: [
      { scenario: "draw", from: "move([c, mate], p.pairs)", to: "move([c], p.pairs)", says: "expected Ann's hand to hold [9C]" },
      { scenario: "three-alike", from: "if c in p.hand and mate != none {", to: "if mate != none {", says: "to hold 2 cards of rank 7 in all, but they hold 3" },
      { scenario: "holder", from: "filter(q => q != p and q.hand.any).last", to: "filter(q => q != p and q.hand.any).first", says: "expected Ann's hand to hold []" },
    ],
  },
  {
    id: "uno",
    players: [2, 4, 10],
    games: 5,
    breaks: [
      { scenario: "match", from: "(c.kind != 'number' and c.kind == upCard.kind)", to: "false", says: "expected 'play Y-skip' to be legal for Ann" },
      { scenario: "draw", from: "from: \"drawnCard != none ? [drawnCard] : hand\"", to: "from: hand", says: "expected 'play B4' not to be legal for Ann" },
      { scenario: "draw-two", from: "    drawFor(next(me), 2)\n    skip()", to: "    drawFor(next(me), 2)", says: "expected turn Cy, but it is Bob" },
      { scenario: "two-players", from: "if playerCount == 2 {", to: "if false {", says: "expected turn Ann, but it is Bob" },
      { scenario: "wild-draw-four", from: "check: card.kind != \"wild4\" or not holdsColour(me)", to: "check: true", says: "expected 'play wild4 G' not to be legal for Ann" },
    ],
  },
  {
    id: "blackjack",
    players: [1, 3, 7],
    games: 20,
    breaks: [
      { scenario: "natural", from: "stake * blackjackPays", to: "stake", says: "expected Ann's score 1.5, but it is 1" },
      { scenario: "dealer-draws", from: "total(cards) > 21 ? -stake", to: "total(cards) > 99 ? -stake", says: "expected Bob's score -1" },
      { scenario: "split", from: "      move(hand.last, second)\n", to: "", says: "expected Ann's second" },
      { scenario: "dealer-blackjack", from: "who: \"dealerNatural ? [] : players\"", to: "who: players", says: "expected over true, but it is false" },
    ],
  },
  {
    id: "hearts",
    players: [4, 3, 5],
    games: 10,
    breaks: [
      { scenario: "lead", from: "c.suit != 'H' or broken or hand.all(x => x.suit == 'H')", to: "c.suit != 'H' or broken", says: "expected 'play 8H' to be legal for Dee" },
      { scenario: "pass", from: "move(p.passing, target(p).hand)", to: "move(p.passing, right(p).hand)", says: "expected Ann's hand to hold" },
      { scenario: "moon", from: "moonShooter == p ? 0 : 26", to: "rawPoints(p)", says: "expected Ann's score 0, but it is 26" },
      { scenario: "score", from: "c.suit == 'S' and c.rank == 12 ? 13 : 0", to: "c.suit == 'S' and c.rank == 12 ? 1 : 0", says: "expected Ann's score 15, but it is 3" },
    ],
  },
  {
    id: "knockout-whist",
    players: [2, 4, 7],
    games: 10,
    breaks: [
      { scenario: "trumps", from: "strength(c): \"[c.suit == trump, c.suit == ledSuit, c.rank]\"", to: "strength(c): \"[c.suit == ledSuit, c.rank]\"", says: "expected turn Bob, but it is Ann" },
      { scenario: "knocked-out", from: "for p in active.filter(p => p.tricksWon == 0) {", to: "for p in active.filter(p => p.tricksWon < 0) {", says: "expected out [Cy], but it is []" },
      { scenario: "knocked-out", from: "      handSize -= 1\n", to: "", says: "expected handSize 2, but it is 3" },
      { scenario: "last-left", from: "value: active.count <= 1", to: "value: active.count < 1", says: "expected over true, but it is false" },
    ],
  },
  {
    id: "oh-hell",
    players: [3, 5, 7],
    games: 5,
    breaks: [
      { scenario: "hook", from: "me != dealer or players.without(me).sum(p => p.bid) + n != handSize", to: "true", says: "expected 'bid 1' not to be legal for Cy" },
      { scenario: "score", from: "p.tricksWon == p.bid ? 10 + p.tricksWon : 0", to: "p.tricksWon == p.bid ? 10 : 0", says: "expected Cy's score 12, but it is 10" },
      { scenario: "score", from: "strength(c): \"[c.suit == trump, c.suit == ledSuit, c.rank]\"", to: "strength(c): \"[c.suit == ledSuit, c.rank]\"", says: "expected turn Cy, but it is Ann" },
      { scenario: "last-hand", from: "value: handSize < 1", to: "value: handSize < 0", says: "expected over true, but it is false" },
    ],
  },
  {
    id: "spades",
    players: [4],
    games: 10,
    breaks: [
      { scenario: "contract", from: "strength(c): \"[c.suit == 'S', c.suit == ledSuit, c.rank]\"", to: "strength(c): \"[c.suit == ledSuit, c.rank]\"", says: "expected turn Dee, but it is Ann" },
      { scenario: "contract", from: "10 * contract(p) + overtricks(p)", to: "10 * contract(p)", says: "expected Bob's points 21, but it is 20" },
      { scenario: "contract", from: "check: follows(card)", to: "check: true", says: "expected 'play 2C' not to be legal for Ann" },
      { scenario: "broken", from: "check: mayLead(card)", to: "check: true", says: "expected 'play AS' not to be legal for Ann" },
      { scenario: "broken", from: " or hand.all(x => x.suit == 'S')", to: "", says: "expected 'play KS' to be legal for Dee" },
      { scenario: "nil", from: "team(p).filter(member => member.bid > 0).sum(member => member.tricks)", to: "team(p).sum(member => member.tricks)", says: "expected Bob's points -110, but it is -90" },
      { scenario: "nil", from: "nilValue(p): \"100\"", to: "nilValue(p): \"50\"", says: "expected Ann's points 110, but it is 60" },
      { scenario: "bags", from: "bagsTaken(side) - (penalty > 0 ? 10 : 0)", to: "bagsTaken(side)", says: "expected Ann's bags 0, but it is 10" },
      { scenario: "bags", from: "(p.bags + bagsTaken(p)) >= 10", to: "(p.bags + bagsTaken(p)) > 10", says: "expected Ann's points 21, but it is 121" },
      { scenario: "game", from: "players.any(p => p.points >= target)", to: "players.any(p => p.points > 1000)", says: "expected over true, but it is false" },
    ],
  },
  {
    id: "euchre",
    players: [4],
    games: 10,
    breaks: [
      { scenario: "bowers", from: "isLeft(c): c.rank == 11 and c.suit == sameColour(trump)", to: "isLeft(c): false", says: "expected 'play 9S' not to be legal for Bob" },
      { scenario: "bowers", from: "isRight(c) ? 16 : isLeft(c) ? 15 : c.rank", to: "c.rank", says: "expected turn Cy, but it is Bob" },
      { scenario: "order-up", from: "move(upCard, dealer.hand)", to: "move(upCard, kitty)", says: "expected Dee's hand to hold" },
      { scenario: "order-up", from: "    effect: move(card, kitty)", to: "    effect: move(card, upCard)", says: "expected upCard to hold []" },
      { scenario: "alone", from: "    who: playing\n", to: "", says: "expected turn Dee, but it is Cy" },
      { scenario: "alone", from: "(playsAlone ? 4 : 2)", to: "2", says: "expected Ann's points 4, but it is 2" },
      { scenario: "name", from: "suits.filter(s => s != turned)", to: "suits", says: "expected 'name S' not to be legal for Ann" },
      { scenario: "game", from: "euchreScore: \"makersTricks >= 3 ? 0 : 2\"", to: "euchreScore: \"0\"", says: "expected over true, but it is false" },
      { scenario: "thrown-in", from: "        dealer = left(dealer)\n", to: "", says: "expected turn Bob, but it is Ann" },
    ],
  },
  {
    id: "president",
    players: [4, 3, 7],
    games: 10,
    breaks: [
      { scenario: "beat", from: "check: played == 0 or cards.count == played", to: "check: true", says: "expected 'play 7D' not to be legal for Bob" },
      { scenario: "beat", from: "strength(c): \"c.rank == 2 ? 15 : c.rank\"", to: "strength(c): c.rank", says: "expected 'play 2C 2D' to be legal for Dee" },
      { scenario: "round", from: "    move(pile, cleared)\n    played = 0\n", to: "    played = 0\n", says: "expected pile to hold []" },
      { scenario: "round", from: "passesInRow >= (lastToPlay.place == 0 ? active.count - 1 : active.count)", to: "passesInRow >= active.count", says: "expected played 0, but it is 1" },
      { scenario: "finish", from: "passesInRow >= (lastToPlay.place == 0 ? active.count - 1 : active.count)", to: "passesInRow >= active.count - 1", says: "it is Bob's turn, not Cy's" },
    ],
  },
  {
    id: "durak",
    players: [2, 4, 6],
    games: 5,
    breaks: [
      { scenario: "beat-off", from: "(card.suit == trump and target.suit != trump)", to: "false", says: "expected 'beat 9S 7H' to be legal for Bob" },
      { scenario: "beat-off", from: "check: attackCount == 0 or card.rank in tableRanks", to: "check: true", says: "expected 'attack KC' not to be legal for Ann" },
      { scenario: "beat-off", from: "nextAttacker = not taking and defender.hand.any ? defender : next(defender)", to: "nextAttacker = next(defender)", says: "expected turn Bob, but it is Cy" },
      { scenario: "take", from: "check: attack.count < defender.hand.count", to: "check: true", says: "expected 'attack 8H' not to be legal for Ann" },
      { scenario: "take", from: "    refill(defender)\n", to: "", says: "expected Bob's hand to hold" },
      { scenario: "fool", from: "  losers: active", to: "  losers: players", says: "expected losers [Cy]" },
      { scenario: "first-attack", from: "minBy(p => p.hand.filter(c => c.suit == trump).minBy(c => c.rank).rank)", to: "first", says: "expected turn Cy, but it is Ann" },
    ],
  },
  {
    id: "cheat",
    players: [3, 5, 8],
    games: 10,
    breaks: [
      { scenario: "claim", from: "nextRank(rank): \"rank == 14 ? 2 : rank + 1\"", to: "nextRank(rank): \"rank + 1\"", says: "expected lastRank 2, but it is 15" },
      { scenario: "claim", from: "check: laid.count < maxCards", to: "check: true", says: "expected 'lay 9S' not to be legal for Ann" },
      { scenario: "doubt", from: "let taker = truthful ? me : lastClaimer", to: "let taker = lastClaimer", says: "expected Cy's hand to hold" },
      { scenario: "doubt", from: "let truthful = shown.all(c => c.rank == lastRank)", to: "let truthful = shown.any(c => c.rank == lastRank)", says: "expected Ann's hand to hold" },
      { scenario: "last-cards", from: "value: \"not claimPending and players.any", to: "value: \"players.any", says: "expected over false, but it is true" },
    ],
  },
  {
    id: "golf",
    players: [2, 4, 6],
    games: 10,
    breaks: [
      { scenario: "swap", from: "move(old, discard)", to: "move(old, stock)", says: "expected discard to hold [KH]" },
      { scenario: "swap", from: "from: \"drawn.any and not fromDiscard ? faceDownPositions : []\"", to: "from: \"drawn.any ? faceDownPositions : []\"", says: "discard needs spot here" },
      { scenario: "last-turns", from: "lastTurns = playerCount - 1", to: "lastTurns = 1", says: "expected over false, but it is true" },
      { scenario: "last-turns", from: "          move(downOf(player, spot), upOf(player, spot))\n", to: "", says: "expected Bob's up4 to hold [7D]" },
      { scenario: "scoring", from: "pairs(upper, lower): upper.rank == lower.rank", to: "pairs(upper, lower): false", says: "expected Ann's score -10" },
      { scenario: "scoring", from: "card.rank == 13 ? 0 :", to: "", says: "expected Ann's score -10, but it is -20" },
    ],
  },
  {
    id: "texas-holdem",
    players: [2, 3, 5, 8],
    games: 10,
    breaks: [
      { scenario: "side-pot", from: "potWinners(level): inTheHand.filter(p => p.stake >= level)", to: "potWinners(level): inTheHand", says: "expected Bob's chips 13" },
      { scenario: "side-pot", from: "let below = levels.filter(x => x < level).max ?? 0", to: "let below = 0", says: "expected Bob's chips 13" },
      { scenario: "showdown", from: "cs.all(c => c.suit == cs.first.suit)", to: "false", says: "expected Ann's chips 41" },
      { scenario: "showdown", from: "smallBlindPlayer: \"active.count == 2 ? dealer : next(dealer)\"", to: "smallBlindPlayer: next(dealer)", says: "expected turn Bob" },
      { scenario: "raise", from: "    bet = roundBet\n    raise()", to: "    bet = roundBet", says: "expected turn Cy" },
      { scenario: "raise", from: "lastRaise = max(lastRaise, roundBet - bet)", to: "lastRaise = lastRaise", says: "expected 'raise 2' not to be legal for Cy" },
    ],
  },
  {
    id: "gin-rummy",
    players: [2],
    games: 10,
    breaks: [
      { scenario: "knock", from: "check: deadwoodOf(hand.without(card)) <= knockLimit", to: "check: true", says: "expected 'knock AS' not to be legal for Ann" },
      { scenario: "knock", from: "meld: {from: \"melds.filter(zone => isMeld(", to: "meld: {from: \"melds.filter(zone => isSet(", says: "expected 'lay-off 4S melds#2' to be legal for Bob" },
      { scenario: "undercut", from: "knockerDeadwood - defenderDeadwood + undercutBonus", to: "knockerDeadwood - defenderDeadwood", says: "expected Bob's score 30, but it is 5" },
      { scenario: "gin", from: "who: \"knockerDeadwood == 0 ? [] : [defender]\"", to: "who: \"[defender]\"", says: "expected over true, but it is false" },
      { scenario: "gin", from: "card.rank >= 11 ? 10 : card.rank", to: "card.rank", says: "expected Ann's score 95" },
    ],
  },
  {
    id: "rummy-500",
    players: [2, 3, 4, 5, 6, 7, 8],
    games: 3,
    breaks: [
      { scenario: "take", from: "check: usable(card, hand.filter(other => true) + taken(card))", to: "check: true", says: "expected 'take KS' not to be legal for Ann" },
      { scenario: "take", from: "check: mustMeld == none\n", to: "check: true\n", says: "expected 'discard JC' not to be legal for Ann" },
      { scenario: "take", from: "taken(card): last(discard, discard.count - discard.indexOf(card))", to: "taken(card): last(discard, 1)", says: "expected discard to hold [KS]" },
      { scenario: "out", from: "card.rank == 14 and meld.any(other => other.rank == 13) ? 15", to: "card.rank == 14 ? 15", says: "expected Ann's points 38" },
      { scenario: "out", from: "card.rank == 14 ? 1 : card.rank >= 11", to: "card.rank == 14 ? 15 : card.rank >= 11", says: "expected Bob's points -7" },
      { scenario: "out", from: "meld.filter(card => card.from == p)", to: "meld.filter(card => meld.owner == p)", says: "expected Ann's points 38" },
      { scenario: "game", from: "meld.any(other => other.rank == 13) ? 15", to: "false ? 15", says: "expected Ann's score 518" },
      { scenario: "game", from: "    value: |\n      if stock.empty {", to: "    value: |\n      if false {", says: "expected over true, but it is false" },
    ],
  },
  {
    id: "canasta",
    players: [4],
    games: 3,
    breaks: [
      { scenario: "take", from: "natural(discard.top) and not blackThree(discard.top)", to: "natural(discard.top)", says: "expected 'take 3C 3S' not to be legal for Cy" },
      { scenario: "take", from: "value: \"discard.any(card => wild(card) or redThree(card))\"", to: "value: \"false\"", says: "expected 'take 9S BlackJoker' not to be legal for Ann" },
      { scenario: "take", from: "frozenFor(p): \"frozen or not p.opened\"", to: "frozenFor(p): \"frozen\"", says: "expected 'take 9S RedJoker' not to be legal for Ann" },
      { scenario: "take", from: "      move(pickup, hand)\n", to: "", says: "expected pickup to hold []" },
      { scenario: "minimum", from: "p.points < 3000 ? 90", to: "p.points < 3000 ? 30", says: "expected Ann's opened false" },
      { scenario: "minimum", from: "      if not me.opened {\n        for zone in sideMelds(me) {", to: "      if false {\n        for zone in sideMelds(me) {", says: "expected Ann's hand to hold [QH, QS, QD, 4C, 4D]" },
      { scenario: "minimum", from: "    if me.opened {\n      move(pickup, hand)", to: "    if true {\n      move(pickup, hand)", says: "expected pickup to hold [8S, 5C]" },
      { scenario: "out", from: "outAllowed(value, canasta): \"canasta and", to: "outAllowed(value, canasta): \"true and", says: "expected 'meld AS AH AD' not to be legal for Ann" },
      { scenario: "out", from: "== 0 ? 500 : 300", to: "== 0 ? 500 : 0", says: "expected Ann's points 530" },
      { scenario: "out", from: " * (sideMelds(p).any ? 1 : -1)", to: "", says: "expected Bob's points -130" },
      { scenario: "out", from: "(concealed ? 200 : 100)", to: "(concealed ? 200 : 0)", says: "expected Ann's points 530" },
      { scenario: "out", from: "first, threes)\n        draw(stock, hand, 1)", to: "first, threes)", says: "expected Bob's hand to hold" },
    ],
  },
  {
    id: "bridge",
    players: [4],
    games: 5,
    breaks: [
      { scenario: "auction", from: "check: level > 0 and doubled == 0 and opponent(bidder)", to: "check: level > 0 and doubled == 0", says: "expected 'double' not to be legal for Bob" },
      { scenario: "auction", from: "check: doubled == 1 and not opponent(bidder)", to: "check: doubled == 1", says: "expected 'redouble' not to be legal for Ann" },
      { scenario: "auction", from: "declarer = team(bidder).find(p => hasNamed(p, strain))", to: "declarer = bidder", says: "expected declarer Dee, but it is Bob" },
      { scenario: "auction", from: "(level > 0 and passes >= 3)", to: "(level > 0 and passes >= 2)", says: "Bob takes no part in the play phase" },
      { scenario: "auction", from: "      doubled = 0\n      passes = 0\n", to: "      passes = 0\n", says: "expected doubled 0, but it is 2" },
      { scenario: "passed-out", from: " or passes >= 4", to: "", says: "expected passedOut true, but it is false" },
      { scenario: "passed-out", from: "passOutDealer: left(dealer)", to: "passOutDealer: dealer", says: "expected turn Bob, but it is Ann" },
      { scenario: "dummy", from: "        move(dummyPlayer.hand, dummyPlayer.dummy)\n", to: "", says: "expected Cy's dummy to hold [QS, AH, 4D]" },
      { scenario: "dummy", from: "playerFor(seat): \"seat == dummyPlayer ? declarer : seat\"", to: "playerFor(seat): seat", says: "expected turn Ann, but it is Dee" },
      { scenario: "dummy", from: "source: \"toPlay == dummyPlayer ? dummyPlayer.dummy : hand\"", to: "source: hand", says: "expected 'play QS' to be legal for Ann" },
      { scenario: "made", from: "strength(c): \"[c.suit == strain, c.suit == ledSuit, c.rank]\"", to: "strength(c): \"[c.suit == ledSuit, c.rank]\"", says: "expected Ann's points 990" },
      { scenario: "made", from: "(vul ? 500 : 300) : 50", to: "300 : 50", says: "expected Ann's points 990, but it is 790" },
      { scenario: "made", from: " + doubled * 50 +", to: " +", says: "expected Ann's points 990, but it is 940" },
      { scenario: "made", from: "doubled * (vul ? 200 : 100)", to: "doubled * 100", says: "expected Ann's points 990, but it is 890" },
      { scenario: "set", from: "u <= 3 ? 200 * u - 100 : 300 * u - 400", to: "200 * u - 100", says: "expected Bob's points 1600, but it is 1400" },
      { scenario: "set", from: "doubled * doubledPenalty(vul, undertricks)", to: "doubledPenalty(vul, undertricks)", says: "expected Bob's points 1600, but it is 800" },
    ],
  },
  {
    id: "pinochle",
    players: [4],
    games: 5,
    breaks: [
      { scenario: "melds", from: "min(held(h, 13, trump), held(h, 12, trump)) - runs(h)", to: "min(held(h, 13, trump), held(h, 12, trump))", says: "expected Ann's meld 200, but it is 240" },
      { scenario: "melds", from: "pinochles(h) == 2 ? 300 : pinochles(h) * 40", to: "pinochles(h) * 40", says: "expected Bob's meld 320, but it is 100" },
      { scenario: "melds", from: "10 * held(h, 9, trump)", to: "0", says: "expected Ann's meld 200, but it is 190" },
      { scenario: "melds", from: "+ aroundValue(h, 14, 100) ", to: "", says: "expected Cy's meld 140, but it is 40" },
      { scenario: "melds", from: "suits.filter(s => s != trump).sum(", to: "suits.sum(", says: "expected Ann's meld 200, but it is 240" },
      { scenario: "must-head", from: "or power(c) > topOf(s)\"", to: "or true\"", says: "expected 'play 9S' not to be legal for Bob" },
      { scenario: "must-head", from: "power(c): \"[9, 11, 12, 13, 10, 14].indexOf(c.rank)\"", to: "power(c): c.rank", says: "expected 'play 9S' not to be legal for Bob" },
      { scenario: "must-head", from: "holds(trump) ? c.suit == trump and heads(c, trump) : true", to: "true", says: "expected 'play AC' not to be legal for Cy" },
      { scenario: "must-head", from: "(s != trump and trick.any(x => x.suit == trump)) or ", to: "", says: "expected 'play JS' to be legal for Dee" },
      { scenario: "auction", from: "clockwiseFrom(left(p)).find(q => not q.passed)", to: "left(p)", says: "expected turn Cy, but it is Bob" },
      { scenario: "auction", from: "(highBid > 0 and passes >= 3)", to: "(highBid > 0 and passes >= 4)", says: "expected phase trumps" },
      { scenario: "thrown-in", from: "        dealer = left(dealer)\n      }\n    next:", to: "      }\n    next:", says: "expected turn Bob, but it is Ann" },
      { scenario: "made", from: "      winner.counters += 10\n", to: "", says: "expected Ann's points 290, but it is 280" },
      { scenario: "made", from: "bidder.points += made(bidder)", to: "bidder.points += highBid", says: "expected Ann's points 290, but it is 150" },
      { scenario: "set", from: "bidder.points -= highBid", to: "bidder.points += made(bidder)", says: "expected Ann's points -250, but it is 80" },
      { scenario: "set", from: "side.tricks > 0 ? team(side)", to: "true ? team(side)", says: "expected Bob's points 0, but it is 40" },
    ],
  },
  {
    id: "speed",
    players: [2],
    games: 10,
    breaks: [
      { scenario: "play", from: "or abs(card.rank - top.rank) == 12\"", to: "\"", says: "step 5 (Bob: play 2H 2): refused by play.pile" },
      { scenario: "play", from: "draw(player.stock, player.hand, handSize - player.hand.count)", to: "draw(player.stock, player.hand, 0)", says: "expected Ann's hand to hold" },
      { scenario: "same-moment", from: "if claims.count == 1 {", to: "if claims.count >= 1 {", says: "expected centre1 to hold [7H]" },
      { scenario: "turn-up", from: "check: \"not players.any(player => canPlay(player) or player.playing.any)\"", to: "check: \"true\"", says: "expected 'turn-up' not to be legal for Ann" },
      { scenario: "turn-up", from: "value: players.any(player => finished(player))", to: "value: false", says: "expected over true, but it is false" },
    ],
  },
  {
    id: "cassino",
    players: [2],
    games: 10,
    breaks: [
      { scenario: "capture", from: "(rest.without(one).sum(card => value(card)) == total or", to: "(false or", says: "expected 'capture 9H 4C 5S 9D 3H 6H' to be legal for Ann" },
      { scenario: "capture", from: "sweeps += sweepPoint", to: "sweeps += 0", says: "expected Bob's sweeps 1, but it is 0" },
      { scenario: "build", from: "check: \"not builds.any(build => owner(build) == me)\"", to: "check: \"true\"", says: "expected 'trail 9S' not to be legal for Bob" },
      { scenario: "build", from: "value: \"not builds.any(build => owner(build) == me) or holdsFor(buildValue, card)\"", to: "value: \"true\"", says: "expected 'capture 10C 10H' not to be legal for Bob" },
      { scenario: "multiple", from: "not multiple(build) and ", to: "", says: "expected 'raise AC builds#1' not to be legal for Bob" },
      { scenario: "count", from: "player.points += player.won.count(card => card.rank == 14)", to: "player.points += 0", says: "expected Ann's points 7, but it is 3" },
      { scenario: "count", from: "pointFor(players.best(player => player.won.count), 3)", to: "pointFor(players.worst(player => player.won.count), 3)", says: "expected Ann's points 7, but it is 10" },
    ],
  },
  {
    id: "egyptian-ratscrew",
    players: [2, 3, 6],
    games: 10,
    breaks: [
      { scenario: "challenge", from: "value: \"card.rank - 10\"", to: "value: \"card.rank - 11\"", says: "expected chances 3, but it is 2" },
      { scenario: "challenge", from: "check: claimant == me", to: "check: true", says: "expected 'collect' not to be legal for Bob" },
      { scenario: "passes", from: "        challenger = me\n", to: "", says: "expected challenger Ann, but it is none" },
      { scenario: "passes", from: "if player.stack.empty and player != challenger and player != claimant {", to: "if false {", says: "expected over true, but it is false" },
      { scenario: "slap", from: "if slappable and slappers.count == 1 {", to: "if slappable and slappers.count >= 1 {", says: "expected pile to hold [7C, 9H, 9S], but it holds []" },
      { scenario: "slap", from: "            putUnder(player.stack.top, pile)", to: "", says: "expected pile to hold [3D, 6C], but it holds [6C]" },
      { scenario: "slap", from: "sandwich: \"pile.count >= 3 and pile.top.rank == pile[pile.count - 3].rank\"", to: "sandwich: \"false\"", says: "expected pile to hold [], but it holds [KC, 3D, 6C, 4D, 6S]" },
    ],
  },
  {
    id: "cribbage",
    players: [2],
    games: 5,
    breaks: [
      { scenario: "play", from: "alikeOnTop * (alikeOnTop - 1)", to: "alikeOnTop * 2", says: "expected Ann's points 0, but it is 2" },
      { scenario: "play", from: "length <= sequence.count and isRun(last(sequence, length))", to: "length == 3 and isRun(last(sequence, length))", says: "expected Ann's points 0, but it is 3" },
      { scenario: "play", from: "            again()\n", to: "", says: "expected turn Bob, but it is Ann" },
      { scenario: "thirty-one", from: "(total == 31 ? 2 : 0)", to: "0", says: "expected Bob's points 2, but it is 0" },
      { scenario: "show", from: "(isCrib ? cribFour : 4)", to: "4", says: "expected Bob's points 21, but it is 25" },
      { scenario: "show", from: "four.any(card => card.rank == 11 and card.suit == starter.top.suit) ? 1 : 0", to: "0", says: "expected Ann's points 30, but it is 29" },
      { scenario: "heels", from: "dealer.points += heels", to: "dealer.points += 0", says: "expected Bob's points 121, but it is 119" },
      { scenario: "heels", from: "value: not racing", to: "value: false", says: "expected over true, but it is false" },
    ],
  },
  {
    id: "scopa",
    players: [2],
    games: 10,
    breaks: [
      { scenario: "capture", from: "check: taken.count == 1 or not table.any(other => other.rank == card.rank)", to: "check: true", says: "expected 'capture 7D 3C 4S' not to be legal for Ann" },
      { scenario: "capture", from: "check: not canCapture(card)", to: "check: true", says: "expected 'lay 7D' not to be legal for Ann" },
      { scenario: "sweep", from: "        scope += 1", to: "        scope += 0", says: "expected Ann's scope 1" },
      { scenario: "sweep", from: "        deal(deck, hand, 3)\n", to: "", says: "expected Ann's hand to hold 3 cards" },
      { scenario: "count", from: "if table.empty and not lastPlay and", to: "if table.empty and", says: "expected Bob's points 2" },
      { scenario: "count", from: "value: [0, 16, 12, 13, 14, 15, 18, 21, 10, 10, 10]", to: "value: [0, 16, 12, 13, 14, 15, 21, 18, 10, 10, 10]", says: "expected Ann's points 2" },
    ],
  },
  {
    id: "klondike",
    players: [1],
    games: 10,
    breaks: [
      { scenario: "build", from: "red(card) != red(pile.top) and", to: "", says: "expected 'build 8C column#7' not to be legal for Ann" },
      { scenario: "build", from: "pile.empty ? value(card) == 13 :", to: "pile.empty ? true :", says: "expected 'build 8C column#4' not to be legal for Ann" },
      { scenario: "build", from: "        move(under.top, pile)\n", to: "", says: "expected column #2 to hold [3D], but it holds []" },
      { scenario: "build", from: "let moving = top(source, source.count - place)", to: "let moving = [card]", says: "expected column #1 to hold [KS, QH, JC], but it holds [KS, QH]" },
      { scenario: "foundation", from: "value(pile.top) + 1 == value(card)", to: "value(pile.top) < value(card)", says: "expected 'home 3S' not to be legal for Ann" },
      { scenario: "foundation", from: "value(card): \"card.rank == 14 ? 1 : card.rank\"", to: "value(card): card.rank", says: "expected 'home AS' to be legal for Ann" },
      { scenario: "stock", from: "          move(waste.top, stock)", to: "          move(waste, stock)", says: "expected stock to hold [JC, QC]" },
      { scenario: "stock", from: "check: stock.empty", to: "check: true", says: "expected 'stop' not to be legal for Ann" },
    ],
  },
];

/** The house rules of a game: its fragments marked `known: house`, each with the scenarios under house/. */
function houseRules(id: string): { id: string; scenarios: string[] }[] {
  const folder = join("rules", id);
  return readdirSync(folder)
    .filter((f) => f.endsWith(".yaml") && f !== `${id}.yaml`)
    .map((f) => `${id}/${f.slice(0, -5)}`)
    .filter((rule) => entry(rule)?.known === "house")
    .map((rule) => {
      const house = join("test/scenarios", id, "house");
      const named = `rules: ${rule}\n`;
      return { id: rule, scenarios: readdirSync(house).map((f) => join(house, f)).filter((f) => readFileSync(f, "utf8").includes(named)) };
    });
}

describe.each(shelf)("$id", (game) => {
  it("loads with nothing but its assumptions, and random games end with every card kept at each player count", () => {
    const r = loadComposition([game.id]);
    expect(r.diagnostics.filter((d) => d.severity !== "notice").map(formatDiagnostic)).toEqual([]);
    expect(entry(game.id)?.text.length ?? 0).toBeGreaterThan(60); // its summary
    for (const players of game.players) {
      const s = simulate(r.game!, { players, games: game.games, seed: `${game.id}-${players}`, agents: Array(players).fill(randomAgent), checkConservation: true });
      expect(s.unfinished, JSON.stringify(s.problems)).toBe(0);
    }
  });

  it.each(game.breaks)("its scenario $scenario catches the rule broken", (b) => {
    const r = withBrokenRules(game.id, `${game.id}/${b.scenario}.scenario.yaml`, b.from, b.to);
    expect(r.passed).toBe(false);
    expect(r.failures.map(formatDiagnostic).join("\n")).toContain(b.says);
  });

  it("has at least two house rules, each composing with the game and shown by scenarios that fail on the plain game", () => {
    const rules = houseRules(game.id);
    expect(rules.length).toBeGreaterThanOrEqual(2);
    for (const rule of rules) {
      const loaded = loadComposition([rule.id]);
      expect(loaded.diagnostics.filter((d) => d.severity !== "notice").map(formatDiagnostic), rule.id).toEqual([]);
      expect(entry(rule.id)!.text.length, rule.id).toBeGreaterThan(40);
      const s = simulate(loaded.game!, { players: game.players[0], games: 5, seed: rule.id, agents: Array(game.players[0]).fill(randomAgent), checkConservation: true });
      expect(s.unfinished, `${rule.id}: ${JSON.stringify(s.problems)}`).toBe(0);
      expect(rule.scenarios.length, `${rule.id} has no scenario`).toBeGreaterThan(0);
      for (const file of rule.scenarios) {
        const text = readFileSync(file, "utf8");
        expect(runScenarioText(text, file, ".").passed, `${file} on ${rule.id}`).toBe(true);
        const plain = runScenarioText(text.replace(`rules: ${rule.id}\n`, `rules: ${game.id}\n`), file, ".");
        expect(plain.passed, `${file} passes on plain ${game.id}: it does not show what the house rule changes`).toBe(false);
      }
    }
  });
});

describe("houserules games", () => {
  it("lists the shelf by family with players and house rules, as a table and as JSON", async () => {
    const { run } = await import("./helpers/cli.js");
    const json = await run(["games", "--json"]);
    expect(json.code).toBe(0);
    const games = (JSON.parse(json.out) as { games: { id: string; family: string; players: { min: number; max: number }; houseRules: { id: string }[] }[] }).games;
    // every game of the shelf test is on the shelf with the house rules that ship with it
    for (const g of shelf) {
      const listed = games.find((x) => x.id === g.id);
      expect(listed, g.id).toBeDefined();
      expect(listed!.houseRules.map((h) => h.id).sort()).toEqual(houseRules(g.id).map((h) => h.id).sort());
    }
    expect(games.find((g) => g.id === "uno")).toMatchObject({ family: "shedding", players: { min: 2, max: 10 } });
    expect(games.some((g) => g.id === "on-the-cards/opening-hands")).toBe(true);
    const children = await run(["games", "--family", "children"]);
    expect(children.out.split("\n").slice(2).filter(Boolean).map((l) => l.split(/\s{2,}/)[0])).toEqual(["Go Fish", "Old Maid", "War"]);
  });
});
