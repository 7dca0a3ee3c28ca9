// The rule file's `phases`: the flow of play.
import type { Section } from "./section.js";

export const phases: Section = {
  summary: "the flow of play",
  properties: {
    phases: {
      type: "object",
      description: "The flow of play. The first phase listed comes first.",
      propertyNames: {
        pattern: "^[A-Za-z][A-Za-z0-9_-]*$",
        patternErrorMessage: "a phase is named with letters, digits, dashes and underscores, starting with a letter (play, deal-round)"
      },
      additionalProperties: {
        "$ref": "#/definitions/phase"
      }
    }
  },
  definitions: {
    phase: {
      type: "object",
      additionalProperties: false,
      properties: {
        text: {
          type: "string"
        },
        turns: {
          anyOf: [
            {
              enum: [
                "clockwise",
                "counterclockwise",
                "simultaneous",
                "realtime",
                "none"
              ]
            },
            {
              "$ref": "#/definitions/expressionItem"
            }
          ],
          description: "Turns in seat order either way; simultaneous: every player acts in any order until done; realtime: anyone acts at any moment, each move at a time; none: the phase runs its effects and ends. Or an expression, read when the phase begins, giving clockwise or counterclockwise."
        },
        first: {
          "$ref": "#/definitions/expressionItem",
          description: "Whose turn comes first."
        },
        once: {
          type: "boolean",
          description: "Each player takes one turn, then the phase ends."
        },
        actions: {
          type: "array",
          items: {
            type: "string"
          }
        },
        begin: {
          "$ref": "#/definitions/programItem"
        },
        turn: {
          "$ref": "#/definitions/programItem",
          description: "Effects at the start of every turn."
        },
        settle: {
          "$ref": "#/definitions/programItem",
          description: "In a real-time phase: effects run once every move made at one moment is in, so that a race between moves at the same time is decided by their times, not by the order they arrive in."
        },
        endWhen: {
          "$ref": "#/definitions/expressionItem",
          description: "The phase ends after a turn when this holds."
        },
        end: {
          "$ref": "#/definitions/programItem"
        },
        next: {
          type: "string",
          description: "The phase that follows; none ends the game."
        },
        assumed: {
          "$ref": "#/definitions/assumed"
        },
        game: {
          "$ref": "#/definitions/expression",
          description: "Plays a whole game inside this phase: an expression giving the rules (a rules id, or a list of a base and fragments to compose). The same players play it; the phase's end effects can read lastWinners, lastLosers, lastScores and lastVariable(name, player)."
        },
        who: {
          "$ref": "#/definitions/expression",
          description: "The players who take part in this phase, in seat order (default: every player still in): only they take turns, or act in a simultaneous phase."
        }
      }
    }
  },
};
