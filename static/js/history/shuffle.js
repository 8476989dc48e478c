// The deck of a hand from its seed, exactly as engine/deck.py documents it (R1.3, R15):
// bytes = SHA-256(seed || counter as 8 bytes big-endian), counter = 0, 1, ...;
// deck = [0..51]; for i = 51..1: n = i + 1, limit = 256 - 256 % n, take bytes until one is
// below limit, j = byte % n, swap deck[i] and deck[j]. Card c = rank * 4 + suit.

const RANKS = "23456789TJQKA";
const SUITS = "cdhs";

export function cardName(card) {
  return RANKS[card >> 2] + SUITS[card & 3];
}

export function hexToBytes(hex) {
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new Error("not hex");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
  return out;
}

export function bytesToHex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

export async function commitmentOf(seed) {
  return bytesToHex(await sha256(seed));
}

export async function shuffledDeck(seed) {
  if (seed.length !== 32) throw new Error("a seed is 32 bytes");
  let counter = 0;
  let block = new Uint8Array(0);
  let at = 0;
  async function nextByte() {
    if (at >= block.length) {
      const input = new Uint8Array(40);
      input.set(seed, 0);
      new DataView(input.buffer).setBigUint64(32, BigInt(counter), false);
      block = await sha256(input);
      counter += 1;
      at = 0;
    }
    return block[at++];
  }
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const n = i + 1;
    const limit = 256 - (256 % n);
    let b = await nextByte();
    while (b >= limit) b = await nextByte();
    const j = b % n;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}
