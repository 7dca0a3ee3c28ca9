// A small seeded generator (sfc32) whose whole state is four 32-bit numbers, so a game state that carries it
// can be cloned and replayed exactly.

export type RngState = Uint32Array;

/** The decimal digits of a seed, last first (a whole number below 2^32 has at most ten). */
const digits = new Uint8Array(10);

/** A generator seeded from a number or text; written into `into` when given (a search reseeds one often). */
export function seedRng(seed: number | string, into: RngState = new Uint32Array(4)): RngState {
  // Spread the seed over four words with a string hash (cyrb128) of its text, so that nearby seeds give unrelated
  // games. A whole number below 2^32 (a search seeds one per deal) is hashed from its decimal digits, worked out
  // here rather than by String(): the same text, without making a string.
  const byDigits = typeof seed === "number" && seed >>> 0 === seed;
  let text = "";
  let length = 0;
  if (byDigits) {
    // last digit first; x - 10 * q rather than x % 10, which above 2^31 is a floating-point remainder
    for (let x = seed; ; ) {
      const q = Math.floor(x / 10);
      digits[length++] = 48 + x - 10 * q;
      if (q === 0) break;
      x = q;
    }
  } else {
    text = String(seed);
    length = text.length;
  }
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < length; i++) {
    const k = byDigits ? digits[length - 1 - i] : text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  into[0] = (h1 ^ h2 ^ h3 ^ h4) >>> 0;
  into[1] = (h2 ^ h1) >>> 0;
  into[2] = (h3 ^ h1) >>> 0;
  into[3] = (h4 ^ h1) >>> 0;
  for (let i = 0; i < 12; i++) nextUint32(into);
  return into;
}

export function nextUint32(s: RngState): number {
  const t = (((s[0] + s[1]) >>> 0) + s[3]) >>> 0;
  s[3] = (s[3] + 1) >>> 0;
  s[0] = s[1] ^ (s[1] >>> 9);
  s[1] = (s[2] + (s[2] << 3)) >>> 0;
  s[2] = (s[2] << 21) | (s[2] >>> 11);
  s[2] = (s[2] + t) >>> 0;
  return t;
}

/** A whole number in [0, n). */
export function nextInt(s: RngState, n: number): number {
  return Math.floor((nextUint32(s) / 4294967296) * n);
}

export function nextFloat(s: RngState): number {
  return nextUint32(s) / 4294967296;
}

/** Fisher–Yates in place. */
export function shuffleInPlace<T>(s: RngState, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(s, i + 1);
    const tmp = items[i];
    items[i] = items[j];
    items[j] = tmp;
  }
}
