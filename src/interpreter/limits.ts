// Every size and depth that input can drive has a limit here, checked before the work is done. Rule files are
// untrusted: a limit is what turns a hostile file into a located error instead of a crash or a hang. Each limit
// has its own diagnostic code (diagnostics.ts) so that a program can tell which one was passed.

/** The largest rule or scenario file read, in bytes: larger files are refused before they are parsed. */
export const maxFileBytes = 4 * 1024 * 1024;
