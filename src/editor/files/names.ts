// The names of the user's own files. A name is what the person typed or the file they uploaded was called;
// it becomes one file in the working folder, so it may not leave that folder, and it ends in .yaml so that it
// is read as a rule file.

export const maxNameLength = 120;

export function fileName(wanted: string): string {
  let name = wanted.replace(/[\\/\u0000-\u001f]+/g, "-").trim().replace(/^\.+/, "");
  if (!/\.ya?ml$/i.test(name)) name += ".yaml";
  if (name.length > maxNameLength) name = name.slice(0, maxNameLength - 5) + ".yaml";
  return name === ".yaml" ? "untitled.yaml" : name;
}

/** A name not yet taken, made from `wanted` by numbering it: "mine.yaml", "mine-2.yaml", ... */
export function freeName(wanted: string, taken: (name: string) => boolean): string {
  const name = fileName(wanted);
  if (!taken(name)) return name;
  const stem = name.replace(/\.ya?ml$/i, "");
  for (let i = 2; ; i++) if (!taken(`${stem}-${i}.yaml`)) return `${stem}-${i}.yaml`;
}
