// A small seeded generator (sfc32) whose whole state is four 32-bit numbers, so a game state that carries it
// can be cloned and replayed exactly.

export type RngState = Uint32Array;

/** A generator seeded from a number or text; written into `into` when given (a search reseeds one often). */
export function seedRng(seed: number | string, into: RngState = new Uint32Array(4)): RngState {
  // Spread the seed over four words with a string hash (cyrb128) of its text, so that nearby seeds give unrelated
  // games.
  copy(cyrb128, hashed);
  mix(hashed, seed);
  return fromHash(hashed, into);
}

/**
 * The generators seedRng(`${seed}${suffix}${i}`) gives for i = 0, 1, ... count - 1, with the seed and the suffix
 * hashed once and no text built: a game seeds one per seat from its own seed, and making and hashing those texts
 * was most of it.
 */
export function seedRngs(seed: number | string, suffix: string, count: number): RngState[] {
  copy(cyrb128, beforeSeat);
  mix(beforeSeat, seed); // hashing is a character at a time: the seed, then the suffix, is their text joined
  mix(beforeSeat, suffix);
  const out: RngState[] = [];
  for (let i = 0; i < count; i++) {
    copy(beforeSeat, hashed);
    mix(hashed, i);
    out.push(fromHash(hashed, new Uint32Array(4)));
  }
  return out;
}

/** cyrb128's four starting words, and the words of the hash being taken. */
const cyrb128 = new Uint32Array([1779033703, 3144134277, 1013904242, 2773480762]);
const hashed = new Uint32Array(4);
/** seedRngs' hash of the seed and the suffix, from which each seat's is taken. */
const beforeSeat = new Uint32Array(4);

/** Four words copied by hand: set() is a call into the runtime, and a seed is taken for every game. */
function copy(from: Uint32Array, to: Uint32Array): void {
  to[0] = from[0];
  to[1] = from[1];
  to[2] = from[2];
  to[3] = from[3];
}

/** The decimal digits of a seed, last first (a whole number below 2^32 has at most ten). */
const digits = new Uint8Array(10);

/**
 * cyrb128's mixing of each character of the seed's text into the four words of `h`, from what they hold. A whole
 * number below 2^32 (a search seeds one per deal, a game one per seat) is hashed from its decimal digits, worked
 * out here rather than by String(): the same text, without making a string.
 */
function mix(h: Uint32Array, seed: number | string): void {
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
  let h1 = h[0], h2 = h[1], h3 = h[2], h4 = h[3];
  for (let i = 0; i < length; i++) {
    const k = byDigits ? digits[length - 1 - i] : text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h[0] = h1;
  h[1] = h2;
  h[2] = h3;
  h[3] = h4;
}

/** The generator seeded by the hash in `h`: the hash finished, then twelve numbers drawn and thrown away. */
function fromHash(h: Uint32Array, into: RngState): RngState {
  const h1 = Math.imul(h[2] ^ (h[0] >>> 18), 597399067);
  const h2 = Math.imul(h[3] ^ (h[1] >>> 22), 2869860233);
  const h3 = Math.imul(h1 ^ (h[2] >>> 17), 951274213);
  const h4 = Math.imul(h2 ^ (h[3] >>> 19), 2716044179);
  // nextUint32 twelve times (its step, written out as in shuffleInPlace), on the four words held in locals rather
  // than loaded from the list and stored back at every draw
  let a = (h1 ^ h2 ^ h3 ^ h4) >>> 0;
  let b = (h2 ^ h1) >>> 0;
  let c = (h3 ^ h1) >>> 0;
  let d = (h4 ^ h1) >>> 0;
  for (let i = 0; i < 12; i++) {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = (b ^ (b >>> 9)) >>> 0;
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
  }
  into[0] = a;
  into[1] = b;
  into[2] = c;
  into[3] = d;
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

/**
 * Fisher–Yates in place, drawing j as nextInt(s, i + 1) does: the generator's four words kept in locals through
 * the shuffle (a game shuffles its deck as it starts) and written back once.
 */
export function shuffleInPlace<T>(s: RngState, items: T[]): void {
  let a = s[0], b = s[1], c = s[2], d = s[3];
  for (let i = items.length - 1; i > 0; i--) {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = (b ^ (b >>> 9)) >>> 0;
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    const j = Math.floor((t / 4294967296) * (i + 1));
    const tmp = items[i];
    items[i] = items[j];
    items[j] = tmp;
  }
  s[0] = a;
  s[1] = b;
  s[2] = c;
  s[3] = d;
}
