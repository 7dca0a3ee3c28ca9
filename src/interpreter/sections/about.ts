// The rule file's `name`, `family`, `summary`, `rulebook`, `notes`, `assumed`: the words about the game or card: none of them changes how it is played.
import type { Section } from "./section.js";

/** The families of games the shelf groups games by (a game's `family:`). */
export const gameFamilies = ["trick-taking", "shedding", "rummy", "casino", "fishing", "adding", "patience", "children", "real-time", "vying", "cooperative", "other"] as const;

export const about: Section = {
  summary: "the game's name as printed, its family on the shelf, what it is about, where the rules come from, what a reader should know, and why a value of the whole file is assumed",
  properties: {
    name: {
      type: "string",
      description: "The game's or the rule card's name as printed."
    },
    family: {
      enum: [...gameFamilies],
      description: "The kind of game, as the shelf groups games: trick-taking, shedding, rummy, casino, fishing, adding, patience, children's, real-time, vying (betting on the best hand) or other."
    },
    summary: {
      type: "string",
      description: "One paragraph saying what the game or card is about."
    },
    rulebook: {
      type: "string",
      description: "Where the rules come from."
    },
    notes: {
      type: "string",
      description: "Anything a reader of this file should know: what is left out, and why."
    },
    assumed: {
      "$ref": "#/definitions/assumed"
    }
  },
  definitions: {},
};
