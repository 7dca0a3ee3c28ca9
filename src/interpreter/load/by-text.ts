// What is made from a file's text (its parse, its schema check, its catalogue entry) depends on nothing else,
// so it is kept across hosts: the playground installs a new host for every edit, and only the file that
// changed is read again. The cache is bounded, so that typing, which makes a new text at every key, does not
// grow it without end.

export function byText<T>(limit = 256): (key: string, text: string, make: () => T) => T {
  const made = new Map<string, T>();
  return (key, text, make) => {
    const k = `${key}\u0000${text}`;
    const hit = made.get(k);
    if (hit !== undefined) {
      made.delete(k); // the most recently used goes last, the least recently used is dropped first
      made.set(k, hit);
      return hit;
    }
    const value = make();
    made.set(k, value);
    if (made.size > limit) made.delete(made.keys().next().value!);
    return value;
  };
}
