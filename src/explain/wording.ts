// How each unit of the expression language reads in plain English: every function and effect of the registry
// (src/interpreter/lang/builtins.ts), every operator and every word the language defines. A test fails when a
// unit of the language has no wording here.
//
// A function's wording is a template, or one per number of optional arguments given (the fewest first).
// {0}, {1}, ... are its arguments; for an argument that is a function (c => c.rank), {p} is its parameter and
// {body} what it gives; {ps} is the parameter's plural and {which} the body as a clause after it ("whose rank
// is 2"). {1:bare} is a zone named without "your" (deal into each player's hand).

import type { Special } from "../interpreter/lang/typed.js";

export const functionWords: Record<string, string[]> = {
  count: ["the count of {0}", "the count of {ps} in {0} {which}"],
  empty: ["{0} is empty"],
  any: ["{0} is not empty", "for some {p} in {0}, {body}"],
  all: ["for every {p} in {0}, {body}"],
  filter: ["the {ps} in {0} {which}"],
  map: ["{body} for each {p} in {0}"],
  find: ["the first {p} in {0} for which {body}"],
  sum: ["the total of {0}", "the total of {body} for each {p} in {0}"],
  sort: ["{0} in ascending order", "{0} in ascending order of {body} for each {p}"],
  reverse: ["reverse the direction of play", "{0} in reverse order"],
  distinct: ["{0} without repeats"],
  maxBy: ["the {p} in {0} with the highest {body}"],
  minBy: ["the {p} in {0} with the lowest {body}"],
  best: ["every {p} in {0} with the highest {body}"],
  worst: ["every {p} in {0} with the lowest {body}"],
  max: ["the highest of {0}", "the higher of {0} and {1}"],
  min: ["the lowest of {0}", "the lower of {0} and {1}"],
  top: ["the top card of {0}", "the top {1} cards of {0}"],
  bottom: ["the bottom card of {0}", "the bottom {1} cards of {0}"],
  last: ["the last of {0}", "the last {1} of {0}"],
  first: ["the first of {0}", "the first {1} of {0}"],
  contains: ["{0} holds {1}"],
  indexOf: ["the place of {1} in {0}, counting from 0"],
  without: ["{0} without {1}"],
  groups: ["{0} in groups of the same {body} for each {p}"],
  range: ["the whole numbers from {0} to {1}"],
  abs: ["{0} without its sign"],
  floor: ["{0} rounded down"],
  div: ["how many whole times {1} goes into {0}"],
  flatMap: ["{body} for each {p} in {0}, all together"],
  subsets: ["every choice of items from {0}", "every choice of {1} items from {0}"],
  left: ["the player to the left of {0}", "the player {1} seats to the left of {0}"],
  right: ["the player to the right of {0}", "the player {1} seats to the right of {0}"],
  next: ["the next player still in after {0}"],
  clockwiseFrom: ["every player clockwise from {0}"],
  distance: ["the number of seats clockwise from {0} to {1}"],
  team: ["the team of {0}"],
  teammates: ["the teammates of {0}"],
  partner: ["the partner of {0}"],
  teamCards: ["the cards in the {1:bare} of every member of the team of {0}"],
  withTeams: ["{0} with everyone on their teams"],
  owner: ["the owner of {0}"],
  zoneOf: ["the zone {0} is in"],
  lastScore: ["the score of {0} in the last game played inside this one"],
  lastVariable: ["{0} of the last game played inside this one", "{0} of {1} in the last game played inside this one"],
  move: ["move {0} onto {1}"],
  putUnder: ["put {0} under {1}"],
  draw: ["draw one card from {0} into {1}", "draw {2} cards from {0} into {1}"],
  deal: ["deal {2} rounds of cards from {0} into every player's {1:bare}", "deal {2} rounds of cards from {0} into every player's {1:bare}, starting with {3}"],
  shuffle: ["shuffle {0}"],
  exchange: ["exchange {0} and {1}"],
  random: ["one of {0} at random"],
  again: ["take another turn after this one"],
  skip: ["the next player loses their turn", "the next {0} players lose their turn"],
  giveTurn: ["{0} takes the next turn"],
  reveal: ["show {0} to everyone", "show {0} to {1}"],
  done: ["finish for this phase", "{0} finishes for this phase"],
  out: ["go out", "{0} goes out"],
  eliminate: ["be knocked out, with no place", "{0} is knocked out, with no place"],
  endPhase: ["end the phase once this action is over"],
  fold: ["fold, leaving this hand", "{0} folds, leaving this hand"],
  stand: ["stand, staying in this hand without acting again", "{0} stands, staying in this hand without acting again"],
  raise: ["reopen the round: everyone still in acts again"],
  inHand: ["{0} is still in this hand"],
  newZone: ["a new zone of {0}", "a new zone of {0} belonging to {1}"],
  removeZone: ["take {0} away"],
};

/** Effects whose subject is a player, as they read when that player is the one acting: out(me) is "go out". */
export const youWords: Record<string, string> = {
  out: "go out",
  eliminate: "be knocked out, with no place",
  done: "finish for this phase",
  giveTurn: "take the next turn",
  fold: "fold, leaving this hand",
  stand: "stand, staying in this hand without acting again",
};

/** Binary operators: {l} and {r} are the two sides. */
export const operatorWords: Record<string, string> = {
  "==": "{l} is {r}",
  "!=": "{l} is not {r}",
  "<": "{l} is less than {r}",
  "<=": "{l} is at most {r}",
  ">": "{l} is more than {r}",
  ">=": "{l} is at least {r}",
  in: "{l} is in {r}",
  and: "{l} and {r}",
  or: "{l} or {r}",
  "+": "{l} plus {r}",
  "-": "{l} minus {r}",
  "*": "{l} times {r}",
  "/": "{l} divided by {r}",
  "%": "the remainder of {l} divided by {r}",
  "??": "{l}, or {r} if there is none",
  "..": "the whole numbers from {l} to {r}",
};

/** The words the language itself defines (see docs/language.md, Expressions). */
export const specialWords: Record<Special, string> = {
  me: "you",
  current: "the player whose turn it is",
  players: "the players",
  active: "the players still in",
  dealer: "the dealer",
  start: "the start player",
  playerCount: "the number of players",
  phase: "the phase",
  now: "the time",
  lastWinners: "the winners of the last game played inside this one",
  lastLosers: "the losers of the last game played inside this one",
  lastScores: "the scores of the last game played inside this one",
  lastPlaces: "the players of the last game played inside this one in the order they went out",
};
