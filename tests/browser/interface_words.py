"""Words that give away a page in the wrong language: English words of the interface that
Italian does not use, and Italian words that English does not. An Italian page holding one
of :data:`ENGLISH` has an untranslated string; an English page holding one of
:data:`ITALIAN` has a translation where English belongs.

Poker's own English is Italian too (docs/glossary.md keeps check, all-in, flop, turn, river,
showdown, stack, buy-in, rake, board, bounty, bomb pot, time bank, sit & go, cash game...):
those are in neither list. Words both languages write alike (in, no, a, chat, club, online,
password, email, dealer, poker) are in neither list either.
"""

from __future__ import annotations

import re

_ENGLISH = """
    the and of to your you yours with for from this that these those is are was were be been
    has have had not or by on at it its an if when who whom what which will can may must should
    would could there their they them here now then than but about after before between into
    out over under again any some other such own same so too very just how why where while
    because until each every only also yet still already never always
    new open opened close closed save saved delete deleted remove removed edit add back next
    previous more less options settings setting table tables seat seats hand hands player
    players member members tournament tournaments game games session sessions money pay paid
    pays owes owe log sign login logout help home profile name time zone language date
    start starts started end ends ended level levels blind blinds amount chips history
    export download import upload stats winner wins won lost balance total net today
    yesterday tomorrow minutes minute seconds second hours hour days day week month year none
    nothing yes invite invitation join leave left right sit stand away waiting wait pause
    resume play deal fold folds call calls raise raises bet bets show shows muck mucks run
    twice pot side main hand cards card shuffle proof verify replay step first last
    tonight night owner host hosts banker bank cash out buy list lists page pages copy
    copied send sent players' club's who's don't can't won't isn't
"""

ENGLISH = frozenset(_ENGLISH.split())

_ITALIAN = """
    il lo gli del della dei degli delle alla agli alle dal dalla nel nella sul
    sulla di da con su tra fra che chi cosa non sono sei siamo hai ha hanno questo questa
    questi queste quello quella tuo tua tuoi tue mio mia suo sua giocatore giocatori tavolo
    tavoli mano mani partita partite torneo tornei posto posti puntata punta passa chiama
    rilancia piatto laterale salva esci accedi registrati impostazioni aiuto ora oggi ieri
    domani minuti secondi ore giorni settimana mese anno nessuno niente sì invita invito
    entra lascia siediti assente pausa riprendi gioca mazzo carte carta prova verifica
    fiches livello livelli bui buio vince vinto perso saldo totale netto chi deve paga pagato
    storico esporta scarica importa statistiche organizzatore cassiere ricarica
"""
ITALIAN = frozenset(_ITALIAN.split())

ALLOWED_IN_ITALIAN = (
    "run it twice",
    "Run it twice",
    "bomb pot",
    "Bomb pot",
    "time bank",
    "Time bank",
    "sit & go",
    "Sit & go",
    "Sit & Go",
    "cash game",
    "Cash game",
    "big blind ante",
    "heads-up",
    "Heads-up",
    "No Limit",
    "Pot Limit",
    "Fixed Limit",
    "Hold'em",
    "Hi-Lo",
    "5 Card Draw",  # the games' names as Italian sites keep them (docs/glossary.md)
    "Seven Card Stud",
    "bring-in",
    "Bring-in",
    "PokerStars",
    "buy-in",
    "Buy-in",
    "add-on",
    "Add-on",
    "3-bet",
    "rebuy",
    "Rebuy",
)
"""Poker's English that Italian players speak as it is (docs/glossary.md)."""

ALLOWED_IN_ENGLISH = ("invito", "Invito", "piatto di parola", "buio", "Buio")
"""Poker all'italiana's own words, which the English interface keeps as the game's terms
(R33.1: the invito, everyone's ante; R37.3: the piatto di parola; R33.5: the buio and the
controbuio; docs/glossary.md)."""

LANGUAGE_NAMES = ("English", "Italiano", "Hi-Lo")
"""The switcher names each language in itself, on every page; a game's name is no language."""

ZONE = re.compile(r"\b[A-Z][A-Za-z]+/[A-Za-z_\-/]+")
"""A time zone's name (Europe/Rome, America/Punta_Arenas): a name, in no language."""

HASH = re.compile(r"\b[0-9a-f]{16,}\b")
"""A hash in hex (the deck proof's root, a nonce): in no language. Its letters between
digits read as words otherwise ("…30be4…": "be"), and a random root failed the check."""

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)


def words_of(text: str, others: tuple[str, ...] = ()) -> list[str]:
    """The words of ``text``, lower-cased, with ``others`` (names people gave things, the
    language names) taken out first."""
    text = HASH.sub(" ", ZONE.sub(" ", text))
    for other in (*LANGUAGE_NAMES, *others):
        if other:
            text = text.replace(other, " ")
    return [w.lower() for w in WORD.findall(text)]


def wrong_words(text: str, language: str, others: tuple[str, ...] = ()) -> list[str]:
    """The words of ``text`` that belong to the other language, in order, once each."""
    wrong = ENGLISH if language == "it" else ITALIAN
    allowed = ALLOWED_IN_ITALIAN if language == "it" else ALLOWED_IN_ENGLISH
    others = (*allowed, *others)
    seen: list[str] = []
    for word in words_of(text, others):
        if word in wrong and word not in seen:
            seen.append(word)
    return seen


def in_context(text: str, words: list[str]) -> list[str]:
    """Each word with what surrounds it in ``text``, to find where it comes from."""
    out = []
    for word in words:
        found = re.search(rf"(?i)\b{re.escape(word)}\b", text)
        at = found.start() if found else 0
        out.append(f"{word}: …{' '.join(text[max(0, at - 40) : at + 40].split())}…")
    return out
