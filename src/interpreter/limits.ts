// Every size and depth that input can drive has a limit here, checked before the work is done. Rule files are
// untrusted: a limit is what turns a hostile file into a located error instead of a crash or a hang. Each limit
// has its own diagnostic code (diagnostics.ts) so that a program can tell which one was passed.

/** The largest rule or scenario file read, in bytes: larger files are refused before they are parsed. */
export const maxFileBytes = 4 * 1024 * 1024;

/**
 * A text's size in UTF-8 bytes when it may be larger than `max` (0 when it cannot be): a file given as text from
 * code is held to the limit a file read from disk is, counted without encoding a text that is clearly small.
 */
export function bytesOver(text: string, max = maxFileBytes): number {
  if (text.length > max) return text.length; // at least a byte a character: too large, however it encodes
  if (text.length * 3 <= max) return 0;
  const bytes = new TextEncoder().encode(text).length;
  return bytes > max ? bytes : 0;
}

/** The most YAML tokens (scalars, indicators, spaces, line breaks) in one file, counted before it is parsed. */
export const maxYamlTokens = 500_000;

/** The most values (maps, lists, scalars, alias expansions) in one file. */
export const maxYamlValues = 200_000;

/** How deeply YAML values may nest: rule files nest about ten deep; the checks after reading recurse. */
export const maxYamlDepth = 64;

/** How many fragments a chain of `extends:` may hold above a base: real chains are a few long. */
export const maxExtendsDepth = 64;

/** The most rule cards of one's own added to one match (each is checked as a round of its own). */
export const maxAddedCards = 64;

/**
 * How many definitions may use one another in a chain (`a` uses `b`, which uses `c`, ...): each is inlined where
 * it is used, so a chain nests the checked tree as deep as it is long. Real rule files chain a few.
 */
export const maxDefineDepth = 64;

/** The most cards a game may have, counted before any is made. */
export const maxCards = 100_000;

/**
 * How far a rule file may raise its own `limits:`. Past these a file could run without end; a run's time and
 * memory are bounded by the user (the command line's --time-limit and --memory-limit), never by the file.
 */
export const limitCaps = { moves: 1_000_000, steps: 1_000_000 };

/** The most items a list may hold when the rules build one (a range, two lists joined): checked before it is built. */
export const maxListSize = 1_000_000;

/** The longest text the rules may build by joining texts. */
export const maxTextLength = 1_000_000;

/** The most legal moves listed for one player at one time. */
export const maxLegalMoves = 100_000;

/** How much work (values built, functions called, moves made) passes between two looks at a run's budget. */
export const budgetInterval = 65_536;
