// The engine: starts a game, runs the flow of phases and turns, lists legal moves, and applies moves or refuses
// them with the rule that refused and why. It knows no game: everything it does comes from a compiled Game.
// Each concept is its own module under engine/; this module is the interface the rest of the code imports.
export type { Move, NewGameOptions, ApplyResult } from "./engine/types.js";
export { newGame, settleMoment } from "./engine/flow.js";
export { blankState } from "./engine/blank-state.js";
export { newGameProblems } from "./engine/new-game-check.js";
export { stop } from "./engine/guard.js";
export { actors, actorsInto, isRealtime, innermost } from "./engine/actors.js";
export { legalMoves, listMoves } from "./engine/legal-moves.js";
export { listMovesInto, MoveList } from "./engine/move-list.js";
export { applyMove, applyListed, applyJustListed, isLegal, play } from "./engine/apply.js";
export { moveText, parseMove, seatPrefix } from "./engine/move-text.js";
