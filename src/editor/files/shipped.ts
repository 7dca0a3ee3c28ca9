// The rule files that ship with houserules, read into the bundle when the page is built. They are the page's
// read-only library: every game, variant and rule card, by the path `houserules check` shows for it.
const found = import.meta.glob<string>("../../../rules/**/*.yaml", { query: "?raw", import: "default", eager: true });

/** Shipped rule files by path relative to the package folder ("rules/idiot/idiot.yaml"), sorted. */
export const shippedFiles: ReadonlyMap<string, string> = new Map(
  Object.keys(found)
    .sort()
    .map((key) => [key.replace(/^(\.\.\/)+/, ""), found[key]]),
);
