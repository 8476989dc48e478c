// Deck v2 in the browser (R15): the player's nonce, and the check of every hand it saw,
// exactly as engine/fairness.py documents the scheme:
//   C_j = SHA-256(table 8 bytes || hand 8 bytes || j 1 byte || salt_j 32 bytes || card_j 1 byte)
//   root = SHA-256(C_0 || ... || C_51 [|| "deck" || size] [|| "noburn"])
//   order = Fisher-Yates of engine/deck.py seeded with SHA-256(root || nonce_1 || ... || nonce_m)
//   deal position k holds committed card order[k]; a seat that sent no nonce gets
//   SHA-256(root || "seat" || seat 1 byte).
// A record is the hand's proof (docs/protocol.md, "deck") with the openings, boards and
// hole cards this viewer saw. Nothing here needs the server: Web Crypto only. The problems
// found are shown to the player, in the page's language.
import { bytesToHex, cardName, commitmentOf, hexToBytes, shuffledDeck } from "../history/shuffle.js";
import { gettext, interpolate } from "../i18n.js";

const RANKS = "23456789TJQKA";
const SUITS = "cdhs";
const STREETS = [[0, 3], [3, 4], [4, 5]];

async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function hex(value, size) {
  if (typeof value !== "string" || value.length !== 2 * size) throw new Error(interpolate(gettext("expected %(size)s bytes of hex"), { size }));
  return hexToBytes(value);
}

function be8(number) {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(number), false);
  return out;
}

export function parseCard(name) {
  const rank = RANKS.indexOf(String(name)[0]);
  const suit = SUITS.indexOf(String(name)[1]);
  if (rank < 0 || suit < 0 || String(name).length !== 2) throw new Error(interpolate(gettext("not a card: %(card)s"), { card: name }));
  return rank * 4 + suit;
}

/** A fresh 32-byte nonce from crypto.getRandomValues, as 64 hex digits. */
export function newNonce() {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
}

export async function cardCommitment(table, hand, j, salt, card) {
  return bytesToHex(await sha256(concat([be8(table), be8(hand), Uint8Array.of(j), salt, Uint8Array.of(card)])));
}

/** root = H(C_0 || ... || C_51); a short deck's also binds its size: || "deck" || size
 * (R30.4, R31.2); a game whose draw burns no card (poker all'italiana, R31) ends it with
 * "noburn" (engine.fairness.root_of). */
export async function rootOf(commitments, deckSize = 52, drawBurns = true) {
  const encode = (text) => new TextEncoder().encode(text);
  const tail = deckSize === 52 ? [] : [encode("deck"), Uint8Array.of(deckSize)];
  if (!drawBurns) tail.push(encode("noburn"));
  return bytesToHex(await sha256(concat([...commitments.map((c) => hex(c, 32)), ...tail])));
}

/** The decks the games deal (engine.fairness.DECK_SIZES): 52 cards, a short deck's 36
 * (R30.1), poker all'italiana's 24, 28, ... 48 (R31.2: four cards a rank from 11 minus the
 * players up). */
export const DECK_SIZES = [52, 24, 28, 32, 36, 40, 44, 48];

/** Poker all'italiana's deck for a hand dealt to `players` (R31.2): the ranks from
 * 11 - players up to the ace, four cards each (24 for 2 players, 52 for 9). */
export function italianaDeckSize(players) {
  return 4 * (players + 4);
}

/** The deal positions a deck of deckSize cards deals from: order[k] < deckSize (R30.4). */
export function playPositions(order, deckSize) {
  return [...Array(52).keys()].filter((k) => order[k] < deckSize);
}

export async function fillerNonce(root, seat) {
  return bytesToHex(await sha256(concat([hex(root, 32), new TextEncoder().encode("seat"), Uint8Array.of(seat)])));
}

/** order[k]: the committed position of deal position k. */
export async function permutation(root, nonces) {
  const seed = await sha256(concat([hex(root, 32), ...nonces.map((n) => hex(n, 32))]));
  return shuffledDeck(seed);
}

/** Deal positions of a player's hole cards: one at a time, a round per card (R4.1, R17). */
export function holePositions(players, index, holes = 2) {
  return Array.from({ length: holes }, (_, r) => index + r * players);
}

/** Deal positions of every board card: a burn before each street (R4.2); a second board
 * shares the first's cards dealt before the run twice, then deals its own (R12); a double
 * board deals each street after one burn to the first board, then to the second (R23). */
export function boardPositions(players, boards, holes = 2, doubleBoard = false) {
  let position = holes * players;
  const out = [];
  if (doubleBoard) {
    boards.forEach(() => out.push([]));
    for (const [start, end] of STREETS) {
      const dealt = boards.flatMap((board, b) => (end <= board.length ? [b] : []));
      if (dealt.length) position += 1; // the street's one burn
      for (const b of dealt) {
        for (let p = position; p < position + end - start; p++) out[b].push(p);
        position += end - start;
      }
    }
    return out;
  }
  boards.forEach((board, b) => {
    let shared = 0;
    if (b) while (shared < Math.min(board.length, boards[0].length) && board[shared] === boards[0][shared]) shared++;
    const positions = b ? out[0].slice(0, shared) : [];
    for (const [start, end] of STREETS) {
      if (start >= shared && end <= board.length) {
        position += 1; // the burn
        for (let p = position; p < position + end - start; p++) positions.push(p);
        position += end - start;
      }
    }
    out.push(positions);
  });
  return out;
}

/** The cards seven-card stud deals first (third street, R45.2) and in all; Telesina's (R40.3). */
const STUD_FIRST = 3;
const STUD_CARDS = 7;
const TELESINA_FIRST = 2;
const TELESINA_CARDS = 5;
/** R31.4: the morto comes with exactly three players (engine.games.MORTO_PLAYERS). */
const MORTO_PLAYERS = 3;

/** Deal positions of every card of a stud hand (R45.2, R45.3; engine.fairness.stud_positions):
 * the first rounds one card at a time from the left of the button, then each street one burn
 * and one card to every player dealt one on it. dealt[i]: how many cards player i was dealt
 * (public). With community (one), the seventh street's card in the middle: after a burn
 * unless it was the deck's last card. Telesina (R40.3): first two rounds and no burns (burns
 * false); its cards are in its deck's own sequence (playPositions, R31.2), and its community
 * vele (R41: one or two) follow the fifth cards, one after the other. Returns {places,
 * middle}: middle, the community cards' positions. */
export function studPositions(players, dealt, community = 0, first = STUD_FIRST, burns = true) {
  const places = Array.from({ length: players }, (_, i) => holePositions(players, i, first));
  let position = first * players;
  for (let k = first; k < STUD_CARDS; k++) {
    const served = dealt.flatMap((count, i) => (count > k ? [i] : []));
    if (!served.length) break;
    if (burns) position += 1; // the street's burn
    for (const i of served) places[i].push(position++);
  }
  if (!community) return { places, middle: [] };
  if (!burns) return { places, middle: Array.from({ length: community }, (_, k) => position + k) }; // R41: the vele
  return { places, middle: [52 - position >= 2 ? position + 1 : position] };
}

/** A stud record's cards each player was dealt (R45.9), checked as engine.fairness._stud_counts:
 * one whole number from 3 to 7 a seat, with burns; Telesina's (R40.3, its first round the
 * record's hole_cards): from 2 to 5, without (draw_burns false, bound to the root). */
function studCounts(counts, players, first = STUD_FIRST, burns = true) {
  if (!Array.isArray(counts) || counts.length !== players) throw new Error(gettext("the stud counts are not one number a seat"));
  const most = first === STUD_FIRST && burns ? STUD_CARDS : first === TELESINA_FIRST && !burns ? TELESINA_CARDS : null;
  if (most === null) throw new Error(gettext("a stud record deals three cards first with burns (R45.2), or two without (Telesina, R40.3)"));
  if (!counts.every((c) => Number.isInteger(c) && c >= first && c <= most)) {
    throw new Error(interpolate(gettext("a stud player is dealt from %(first)s to %(most)s cards"), { first, most }));
  }
  return counts;
}

/** Deal positions of every card each player was dealt in the draws (R42.6), by position
 * index: after the hole cards, each draw is one burn (none in poker all'italiana, R31:
 * burns false) and then, from the left of the button, the cards of each player who drew in
 * it (drawn[i]: player i's count in each draw, public). A card dealt from a new stub
 * (R42.4, R36.3: the sequence reached the deck's last card) has none: null. With a deck of
 * deckSize cards (R31.2) these are the places in its sequence, as for the hole cards.
 * With fourthLast (poker all'italiana's R36.2) a player who changed four gets three in
 * their turn and the fourth after everyone, in the order of the draw
 * (engine.fairness.draw_positions). */
export function drawPositions(players, drawn, holes = 5, deckSize = 52, burns = true, fourthLast = false) {
  let position = holes * players;
  const out = Array.from({ length: players }, () => []);
  const deal = (i, count) => {
    for (let c = 0; c < count; c++) {
      out[i].push(position < deckSize - 1 ? position : null);
      position += 1;
    }
  };
  const draws = Math.max(0, ...drawn.map((counts) => counts.length));
  for (let d = 0; d < draws; d++) {
    if (burns) position += 1; // the draw's one burn (none: R31)
    // R36.2: who changed four gets the fourth after everyone, in the order of the draw
    const later = [];
    for (let i = 0; i < players; i++) if (fourthLast && drawn[i].length > d && drawn[i][d] === 4) later.push(i);
    for (let i = 0; i < players; i++) {
      if (drawn[i].length > d) deal(i, drawn[i][d] - (later.includes(i) ? 1 : 0));
    }
    for (const i of later) deal(i, 1);
  }
  return out;
}

/** The most draws a game has (triple draw, R44). */
const MAX_DRAWS = 3;

/** R42.6: a draw game's player's cards against their deal positions (the hole cards', then
 * the draws' by the public counts record.drawn). record.dealt: every card they were dealt,
 * in the order dealt: each is the card opened at its position, one for one. record.held:
 * the cards a page saw in their hand, in any order (it did not see the whole hand): each
 * lies at one of their positions, and each card opened there was seen. Every position is
 * opened; a card from a new stub has none. Adds to problems; returns how many cards came
 * from a new stub. play: the deal positions a short deck deals from (R30.4, R31.2), or null
 * for all 52; burns: false when the draws burn no card (R31); record.fourth_card_last (true:
 * R36.2) places a fourth card after the others' draws. */
/** The hands a record's deal went round (engine.fairness.hands_dealt): one a seat, and poker
 * all'italiana's morto (R31.4: "morto": true, three players) at the place after the button,
 * dealt last in each round and never opened. Throws for a malformed morto. */
export function handsDealt(record) {
  const seats = record.seats.length;
  const morto = record.morto === undefined ? false : record.morto;
  if (typeof morto !== "boolean" || (morto && seats !== MORTO_PLAYERS)) throw new Error(gettext("morto is true only with three players (R31.4)"));
  return seats + (morto ? 1 : 0);
}

function checkDraws(record, byPosition, problems, play = null, burns = true) {
  const seats = record.seats;
  const holes = record.hole_cards || 2;
  const drawn = record.drawn;
  if (!Array.isArray(drawn) || drawn.length !== seats.length) throw new Error(gettext("the draws' counts are not one list a seat"));
  for (const counts of drawn) {
    if (!Array.isArray(counts) || counts.length > MAX_DRAWS || !counts.every((c) => Number.isInteger(c) && c >= 0 && c <= holes)) {
      throw new Error(gettext("a draw's count is a whole number of the cards a player holds"));
    }
  }
  const fourthLast = record.fourth_card_last === undefined ? false : record.fourth_card_last; // R36.2
  if (typeof fourthLast !== "boolean") throw new Error(gettext("fourth_card_last is true or false"));
  const dealtTo = handsDealt(record); // R31.4: the morto's hand, dealt and never drawn to
  const padded = [...drawn, ...Array.from({ length: dealtTo - seats.length }, () => [])];
  const inDraws = drawPositions(dealtTo, padded, holes, play ? play.length : 52, burns, fourthLast);
  let uncovered = 0;
  for (const key of ["dealt", "held"]) {
    for (const [seat, cards] of Object.entries(record[key] || {})) {
      const index = seats.indexOf(Number(seat));
      if (index < 0) throw new Error(interpolate(gettext("seat %(seat)s was not dealt in"), { seat }));
      let positions = [...holePositions(dealtTo, index, holes), ...inDraws[index]];
      // a short deck's places in its sequence (R30.4, R31.2)
      if (play) positions = positions.map((p) => (p === null ? null : play[p]));
      const covered = positions.filter((p) => p !== null);
      for (const p of covered) {
        if (!byPosition.has(p)) problems.push(interpolate(gettext("deal position %(position)s of seat %(seat)s was never opened"), { position: p, seat }));
      }
      const newStub = positions.length - covered.length;
      uncovered += newStub;
      if (key === "dealt") { // one for one, in the order dealt
        if (cards.length !== positions.length) {
          problems.push(interpolate(gettext("seat %(seat)s was dealt %(count)s cards, not the %(positions)s its positions hold"), { seat, count: cards.length, positions: positions.length }));
          continue;
        }
        positions.forEach((p, i) => {
          const opened = p === null ? null : byPosition.get(p);
          if (opened && opened.card !== cards[i]) {
            problems.push(interpolate(gettext("%(card)s was dealt at deal position %(position)s, where %(committed)s is committed"), { card: cards[i], position: p, committed: opened.card }));
          }
        });
        continue;
      }
      const opened = new Set(covered.filter((p) => byPosition.has(p)).map((p) => byPosition.get(p).card));
      const elsewhere = cards.filter((card) => !opened.has(card));
      if (elsewhere.length > newStub) {
        for (const card of elsewhere) problems.push(interpolate(gettext("%(card)s was dealt where no card of seat %(seat)s is"), { card, seat }));
      }
      for (const card of opened) {
        if (!cards.includes(card)) problems.push(interpolate(gettext("%(card)s is opened at a position of seat %(seat)s but never reached them"), { card, seat }));
      }
    }
  }
  return uncovered;
}

/** Deal position -> card of every card the record says its viewer saw. play: the deal
 * positions a short deck deals from (R30.4: the hand's k-th card lies at play[k]), or null;
 * burns: false when the game burns none (poker all'italiana's draw, R31; Telesina's
 * streets, R40). */
function seenCards(record, play = null, burns = true) {
  const seats = record.seats;
  const n = seats.length;
  const seen = new Map();
  const boards = record.boards || [];
  // named in an Omaha hand's proof (R17) and a stud hand's (three: R45.2; Telesina's two, R40.3)
  const holes = record.hole_cards === undefined ? 2 : record.hole_cards;
  let places;
  let positions;
  if ("stud" in record) { // R45.9: the cards each player was dealt place every street's
    const stud = studPositions(n, studCounts(record.stud, n, holes, burns), boards.length ? boards[0].length : 0, holes, burns);
    places = stud.places;
    positions = boards.map(() => stud.middle);
  } else {
    const dealtTo = handsDealt(record); // (R31.4: a morto's place deals a hand too)
    places = seats.map((_, index) => holePositions(dealtTo, index, holes));
    positions = boardPositions(n, boards, holes, record.double_board === true); // R23
  }
  if (boards.length !== positions.length) throw new Error(gettext("the boards are not the hand's"));
  boards.forEach((board, b) => {
    if (board.length !== positions[b].length) throw new Error(gettext("the boards are not the hand's"));
    board.forEach((card, i) => seen.set(positions[b][i], card));
  });
  // a draw game's hands are checked by checkDraws: a card held at the end need not lie where
  // the hole cards were dealt (R42.6)
  for (const [seat, cards] of Object.entries(record.drawn ? {} : record.holes || {})) {
    const index = seats.indexOf(Number(seat));
    if (index < 0) throw new Error(interpolate(gettext("seat %(seat)s was not dealt in"), { seat }));
    if (cards.length !== places[index].length) throw new Error(interpolate(gettext("seat %(seat)s's cards are not the ones dealt"), { seat }));
    // null: a card of that hand the viewer did not see (the others were shown after it, R11.5)
    places[index].forEach((p, i) => { if (cards[i] != null) seen.set(p, cards[i]); });
  }
  if (!play) return seen;
  return new Map([...seen].map(([position, card]) => [play[position], card]));
}

/** Check one hand (R15.4). Returns {ok, problems, opened}; never throws on bad input.
 * myNonce / rootSeen: what this browser sent, and the root it had seen before sending it.
 * Scheme 1 (hands dealt before deck v2): the revealed seed's SHA-256 is the commitment and
 * every card seen is where engine/deck.py's shuffle of the seed put it. */
export async function verifyRecord(record, { myNonce = null, rootSeen = null, deckSize = null } = {}) {
  try {
    if (record.scheme === 1) return await verifySeed(record);
    return await verifyV2(record, myNonce, rootSeen, deckSize);
  } catch (error) {
    return { ok: false, problems: [interpolate(gettext("malformed record: %(error)s"), { error: error.message })], opened: 0, uncovered: 0 };
  }
}

async function verifySeed(record) {
  const seed = hex(record.seed, 32);
  if ((await commitmentOf(seed)) !== String(record.commitment).toLowerCase()) {
    return { ok: false, problems: [gettext("the seed does not match the commitment")], opened: 0 };
  }
  const lowest = 52 - (record.deck_size || 52); // R30.4: a short deck's order
  const deck = (await shuffledDeck(seed)).filter((card) => card >= lowest);
  const seen = seenCards(record);
  const problems = [];
  for (const [position, card] of seen) {
    if (cardName(deck[position]) !== card) problems.push(interpolate(gettext("card %(position)s of the deck is not %(card)s"), { position: position + 1, card }));
  }
  return { ok: problems.length === 0, problems, opened: seen.size };
}

async function verifyV2(record, myNonce, rootSeen, expectedDeckSize) {
  const problems = [];
  if (record.scheme !== 2) throw new Error(interpolate(gettext("unknown scheme %(scheme)s"), { scheme: record.scheme }));
  const commitments = record.commitments;
  if (!Array.isArray(commitments) || commitments.length !== 52) throw new Error(gettext("there are not 52 commitments"));
  const deckSize = record.deck_size === undefined ? 52 : record.deck_size;
  if (!DECK_SIZES.includes(deckSize) || (expectedDeckSize !== null && expectedDeckSize !== deckSize)) {
    return { ok: false, problems: [interpolate(gettext("the deck of %(size)s cards is not this game's"), { size: deckSize })], opened: 0, uncovered: 0 };
  }
  const drawBurns = record.draw_burns === undefined ? true : record.draw_burns; // R31
  if (typeof drawBurns !== "boolean") throw new Error(gettext("draw_burns is true or false"));
  if ((await rootOf(commitments, deckSize, drawBurns)) !== record.root) problems.push(gettext("the commitments do not hash to the root"));
  if (rootSeen !== null && rootSeen !== record.root) problems.push(gettext("the root is not the one published before your nonce"));
  const nonces = record.nonces.map((e) => e.nonce);
  if (myNonce !== null && !nonces.includes(myNonce)) problems.push(gettext("your nonce is not among the hand's nonces"));
  const committed = record.committed_version;
  const dealt = record.dealt_version;
  if (!(committed <= dealt)) problems.push(gettext("the deal came before the commitments"));
  for (const e of record.nonces) {
    hex(e.nonce, 32);
    if (e.by === "player") {
      if (!(committed <= e.version && e.version < dealt)) {
        problems.push(interpolate(gettext("a nonce was taken at version %(version)s, not between the commitments and the deal"), { version: e.version }));
      }
    } else if (e.by === "server") {
      if (e.version !== dealt || e.nonce !== (await fillerNonce(record.root, e.seat))) {
        problems.push(interpolate(gettext("seat %(seat)s's stand-in nonce is not the one the root fixes"), { seat: e.seat }));
      }
    } else problems.push(interpolate(gettext("a nonce comes from %(source)s"), { source: e.by }));
  }
  const order = await permutation(record.root, nonces);
  const byPosition = new Map();
  const used = new Set();
  for (const o of record.openings || []) {
    if (![o.k, o.j].every((v) => Number.isInteger(v) && v >= 0 && v < 52)) throw new Error(gettext("an opening's positions are 0..51"));
    if (byPosition.has(o.k) || used.has(o.j)) problems.push(interpolate(gettext("deal position %(position)s or committed card %(card)s is opened twice"), { position: o.k, card: o.j }));
    byPosition.set(o.k, o);
    used.add(o.j);
    if (order[o.k] !== o.j) {
      problems.push(interpolate(gettext("deal position %(position)s is committed card %(expected)s, not %(card)s"), { position: o.k, expected: order[o.k], card: o.j }));
    } else if ((await cardCommitment(record.table, record.hand, o.j, hex(o.salt, 32), parseCard(o.card))) !== commitments[o.j]) {
      problems.push(interpolate(gettext("the card at deal position %(position)s does not match its commitment"), { position: o.k }));
    }
  }
  const play = deckSize === 52 ? null : playPositions(order, deckSize); // R30.4, R31.2
  for (const [position, card] of seenCards(record, play, drawBurns)) {
    const opened = byPosition.get(position);
    if (!opened) problems.push(interpolate(gettext("%(card)s (deal position %(position)s) was never opened"), { card, position }));
    else if (opened.card !== card) {
      problems.push(interpolate(gettext("%(card)s was dealt where %(committed)s is committed"), { card, committed: opened.card }));
    }
  }
  // R42.6; poker all'italiana's draw from its own deck, without a burn (R31.2, R36)
  const uncovered = record.drawn ? checkDraws(record, byPosition, problems, play, drawBurns) : 0;
  return { ok: problems.length === 0, problems, opened: (record.openings || []).length, uncovered };
}
