// The names of the user's own files. A name is what the person typed or the file they uploaded was called;
// it becomes one file in the working folder, so it may not leave that folder, and it ends in .yaml so that it
// is read as a rule file.

/** The folder the user's files are in, as paths name them ("yours/my-idiot.yaml"). */
export const userFolder = "yours";

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

/** Why a file may not be renamed to `wanted`, or null when it may: a name must be one a person can read
 *  as typed (no folders, no control characters, not too long), and not that of another of the files. */
export function renameRefusal(wanted: string, from: string, taken: (name: string) => boolean): string | null {
  const typed = wanted.trim();
  if (!typed.replace(/^\.+/, "").replace(/\.ya?ml$/i, "")) return "a file needs a name";
  if (/[\\/\u0000-\u001f]/.test(typed)) return `'${typed.replace(/[\u0000-\u001f]/g, "?")}' cannot be a file's name: it may not hold / or \\`;
  if (typed.length > maxNameLength) return `a file's name has at most ${maxNameLength} characters`;
  const name = fileName(typed);
  return name !== from && taken(name) ? `there is already a file called ${name}` : null;
}
