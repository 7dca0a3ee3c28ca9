// How ajv checks our schemas, wherever they are compiled: ahead by the build (src/node/write-validators.ts), or at
// first use (schema-compile.ts, and the disk's host when the build has not). A module of its own, so that the
// disk's host can name them without importing the schemas at every start.
export const ajvOptions = { allErrors: true, strict: false, verbose: true } as const;
