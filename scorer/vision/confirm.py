"""A pile given as a photo: recognise it, let the player confirm, return typed notation.

The scoring commands accept a pile either as typed cards or as a photo path. They call
:func:`resolve_pile_source` on every pile argument; typed text comes back unchanged, an image
path comes back as the recognised cards in canonical notation, so scoring never sees a photo.

This module is imported by the scoring CLI, so OpenCV and onnxruntime are imported only inside
the functions that need them (typed scoring must not load them).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.errors import UserError
from scorer.i18n import Said, describe, in_language, messages, t
from scorer.media import IMAGE_SUFFIXES, is_photo_name  # noqa: F401  (re-exported)

if TYPE_CHECKING:
    from scorer.vision.pipeline import ClassifierLike, PhotoResult

SKIP_WORDS = ("skip", "none", "-")


class PhotoPileError(UserError):
    """A photo pile could not be turned into cards: unreadable, empty or unconfirmed."""


def is_photo_source(text: str) -> bool:
    """True when ``text`` names an image file (by its ending); existence is checked later."""
    return is_photo_name(text)


def resolve_pile_source(
    text_or_path: str,
    game: str,
    *,
    assume_yes: bool,
    interactive: bool,
    console: Any,
    classifier: ClassifierLike | None = None,
    base_dir: Path | None = None,
    months: str = "kr",
    lang: str = "en",
) -> str:
    """Return a pile as typed notation; a photo path is recognised first.

    Args:
        text_or_path: a typed pile (returned unchanged) or the path of a photo of the pile
            (a name ending in .jpg/.jpeg/.png/.webp/.bmp/.tif/.tiff).
        game: ``"hanafuda"`` or ``"mahjong"``.
        assume_yes: accept uncertain cards as recognised (``--yes``).
        interactive: the user can answer prompts (stdin is a terminal). For every uncertain
            card the prompt shows the best guess; Enter accepts it, a typed code replaces it,
            ``skip`` drops it (e.g. a region that is not a card).
        console: a ``rich.console.Console`` used for the listing and the prompts.
        classifier: injected for tests; default the shipped model of ``game``.
        base_dir: relative photo paths are resolved against it (a record file's folder).
        months: the month numbering a typed hanafuda correction is read in (``"jp"`` for
            Koi-Koi: "11b" is the rain man there, the phoenix in Go-Stop).
        lang: the language the listing, the questions and the photo's warnings are said in.

    Returns:
        Space-separated canonical ids. Hanafuda: the deck ids (``pine-junk-1``, ...; card
        backs are left out, they are not scored). Mahjong: the first group of the first row
        as concealed tiles and every other group as an exposed meld in parentheses, flowers
        and seasons bare after them wherever they lie, e.g. ``1m 2m 3m 5p 5p (7z7z7z) 2f``.

    Raises:
        PhotoPileError (a ``UserError``: one line on stderr, exit code 2): the photo is missing
        or unreadable, holds no cards, or has uncertain cards (mahjong: or tiles that cannot
        make a hand, see :func:`hand_problem`) while neither ``assume_yes`` nor
        ``interactive`` is set; the message lists the uncertain cards and the hand's problem.
        On a terminal a mahjong photo whose tiles cannot make a hand is asked about after
        its uncertain tiles: Enter goes on with the tiles as found, ``no`` stops here.
    """
    if not is_photo_source(text_or_path):
        return text_or_path
    path = Path(text_or_path.strip()).expanduser()
    if not path.is_absolute() and base_dir is not None:
        path = base_dir / path
    from scorer.vision.models import ModelError
    from scorer.vision.pipeline import ImageError, recognize_path

    try:
        result, _ = recognize_path(path, game, classifier)
    except (ImageError, ModelError) as err:
        raise PhotoPileError(t("photo.pile.unreadable", lang, error=describe(err, lang))) from err
    if not result.cards:
        why = ("; ".join(in_language(w, lang) for w in result.warnings)
               or t("photo.pile.nothing", lang))
        raise PhotoPileError(t("photo.pile.none", lang, image=repr(str(path)), why=why))
    said_as_hand(result)
    show_result(result, console, lang)
    codes = confirm_cards(result, assume_yes=assume_yes, interactive=interactive, months=months,
                          console=console, lang=lang)
    return to_notation(result, codes, lang)


def said_as_hand(result: PhotoResult) -> None:
    """A photo of a deck laid as a hand and melds (``Deck.rows``) whose pieces cannot make
    one gets a warning saying why (:func:`hand_problem`). Said where a hand is asked for, not
    by the pipeline: `scorer recognize` also reads heaps and discards."""
    if _laid_as_hand(result):
        problem = hand_problem(result, [c.code for c in result.cards])
        if problem:
            result.warnings.append(problem)


def listing(result: PhotoResult, *, scoring: bool, lang: str = "en") -> list[str]:
    """The recognised cards, one line each, uncertain ones marked with their likeliest other
    readings: as `scorer recognize` prints them (each piece's row and group, then the pile's
    notation) or, with ``scoring``, before the pile is scored (what is not scored, then the
    warnings, said in ``lang``)."""
    from scorer.decks import get_deck

    deck = get_deck(result.game)
    backs, hidden = len(result.backs), len(result.hidden)
    # the head, then what is not scored; Spanish names the pieces by the deck's unit
    if scoring:
        head = [t(f"photo.list.recognised.{deck.unit}", lang, image=result.image,
                  n=len(result.cards))]
        head += [t("photo.list.backs", lang, n=backs)] if backs else []
        head += [t(f"photo.list.hidden.{deck.unit}", lang, n=hidden)] if hidden else []
    else:
        head = [t(f"photo.list.found.{deck.unit}", lang, image=result.image, game=result.game,
                  width=result.width, height=result.height, n=len(result.cards))]
        head += [t("photo.list.backs-counted", lang, n=backs)] if backs else []
        head += [t(f"photo.list.hidden-counted.{deck.unit}", lang, n=hidden)] if hidden else []
    lines = [", ".join(head)]
    for i, c in enumerate(result.cards, start=1):
        where = (t("photo.list.where", lang, row=c.row, group=c.group) + "  "
                 if deck.rows and not scoring else "")
        flag = ("  ?" + ("" if scoring else " " + t("photo.list.uncertain", lang))
                if c.uncertain else "")
        if c.uncertain and c.doubt:
            flag += " " + doubt_words(c.doubt, lang)
        if c.visible < 1.0 and not deck.rows:  # a pile's card, partly covered
            flag += "  " + t("photo.list.shows", lang, pct=round(100 * c.visible))
        # the other readings worth a look (one at 0.00 says nothing)
        alt = ", ".join(f"{code} {p:.2f}" for code, p in c.top[1:]
                        if p >= 0.005) if c.uncertain else ""
        line = f"  #{i:<3} {where}{c.code:<24} {c.confidence:.2f}{flag}"
        if alt:
            line += ("   " if scoring else " ") + t("photo.list.or", lang, alt=alt)
        lines.append(line)
    kinds = by_kind(result.game, [c.code for c in result.cards], lang)
    if kinds:
        lines.append(kinds)
    if scoring:
        lines += ["  " + t("photo.warning", lang, text=in_language(w, lang))
                  for w in result.warnings]
    elif result.cards:
        try:
            lines.append(t("photo.list.pile", lang, notation=to_notation(
                result, [c.code for c in result.cards], lang)))
        except PhotoPileError as err:  # said once: the listing is already this photo's
            why = describe(err.__cause__, lang) if err.__cause__ is not None else str(err)
            lines.append(t("photo.list.no-pile", lang, error=why))
    return lines


def doubt_words(doubt: str, lang: str) -> str:
    """Why a piece is asked about whatever its reading (``RecognizedCard.doubt``, one of
    ``pipeline.DOUBTS``), in words; "" for none, or a value no catalog says (a posted form's)."""
    key = f"photo.doubt.{doubt}"
    return t(key, lang) if doubt and key in messages("en") else ""


def by_kind(deck_name: str, codes: list[str], lang: str) -> str:
    """How many of the cards read (``codes``) are of each kind: a captured pile is laid out
    by kind, so each count can be checked against the table at a glance; "" for a deck
    without kinds."""
    from scorer.decks import get_deck

    deck = get_deck(deck_name)
    kinds = [deck.label_fields(code).get("kind") for code in codes]
    counts = [(k, kinds.count(k)) for k in deck.pile_kinds if k in kinds]
    if not counts:
        return ""
    return t("photo.list.kinds", lang, kinds=", ".join(
        t(f"photo.kind.{k}", lang, n=n) for k, n in counts))


def show_result(result: PhotoResult, console: Any, lang: str = "en") -> None:
    """The recognised cards before they are scored (:func:`listing`), on ``console``."""
    for line in listing(result, scoring=True, lang=lang):
        console.print(line, markup=False, highlight=False, soft_wrap=True)


def _valid(code: str, game: str, months: str = "kr") -> str | None:
    """The reader's label for a typed correction (``Deck.design``), or None if it is not one."""
    from scorer.decks import get_deck

    try:
        return get_deck(game).design(code, months)
    except ValueError:  # a NotationError among them
        return None


def confirm_cards(result: PhotoResult, *, assume_yes: bool, interactive: bool,
                  console: Any, months: str = "kr", lang: str = "en") -> list[str | None]:
    """One code per card (None = dropped), after the user settles every uncertain card and,
    for mahjong, a hand the tiles cannot make (:func:`hand_problem`); asked and refused in
    ``lang``."""
    codes: list[str | None] = [c.code for c in result.cards]
    unsure = result.uncertain
    problem = in_language(hand_problem(result, codes), lang) if _laid_as_hand(result) else ""
    if not unsure and not problem:
        return codes
    if interactive:
        for i in unsure:
            card = result.cards[i]
            while True:
                why = " " + doubt_words(card.doubt, lang) if card.doubt else ""
                answer = console.input(t("photo.confirm.card", lang, i=i + 1, code=card.code,
                                         confidence=f"{card.confidence:.2f}",
                                         why=why)).strip()
                if not answer:
                    break
                if answer.lower() in SKIP_WORDS:
                    codes[i] = None
                    break
                fixed = _valid(answer, result.game, months)
                if fixed is not None:
                    codes[i] = fixed
                    break
                console.print("  " + t("photo.confirm.not-a-code", lang, answer=repr(answer),
                                       game=result.game),
                              markup=False, highlight=False, soft_wrap=True)
        if _laid_as_hand(result):
            _ask_hand(result, codes, console, lang)
        return codes
    if assume_yes:
        return codes
    from scorer.decks import get_deck

    cards = ", ".join(f"#{i + 1} {result.cards[i].code} ({result.cards[i].confidence:.2f})"
                      for i in unsure)
    uncertain = (t(f"photo.uncertain.{get_deck(result.game).unit}", lang, n=len(unsure),
                   cards=cards) if unsure else "")
    if not problem:
        raise PhotoPileError(t("photo.pile.uncertain", lang, image=repr(result.image),
                               uncertain=uncertain))
    raise PhotoPileError(t("photo.pile.no-hand", lang, image=repr(result.image),
                           uncertain=uncertain + "; " if uncertain else "", problem=problem))


STOP_WORDS = ("no", "n", "stop")


def _laid_as_hand(result: PhotoResult) -> bool:
    from scorer.decks import get_deck

    return get_deck(result.game).rows


def _ask_hand(result: PhotoResult, codes: list[str | None], console: Any,
              lang: str = "en") -> None:
    """On a terminal, after the uncertain tiles: go on with tiles that cannot make a hand
    (the scoring then says what it makes of them), or stop (PhotoPileError); in ``lang``."""
    problem = in_language(hand_problem(result, codes), lang)  # of the tiles as confirmed
    while problem:
        answer = console.input(t("photo.confirm.hand", lang, problem=problem),
                               markup=False).strip().lower()
        if not answer:
            return
        if answer in STOP_WORDS:
            raise PhotoPileError(t("photo.pile.stopped", lang, image=repr(result.image),
                                   problem=problem))
        console.print("  " + t("photo.confirm.hand-again", lang, answer=repr(answer)),
                      markup=False, highlight=False, soft_wrap=True)


def _pieces(result: PhotoResult, codes: list[str | None]) -> list[tuple[str | None,
                                                                       tuple[int, int]]]:
    """Each card's code as confirmed (None: dropped) and where it lies (row, group)."""
    return [(code, (card.row, card.group)) for card, code in zip(result.cards, codes,
                                                                 strict=True)]


def hand_groups(result: PhotoResult, codes: list[str | None]) -> tuple[list[list[int]],
                                                                       list[int]]:
    """A hand and melds (``Deck.rows``): the indexes (into ``result.cards``) of the kept hand
    tiles by group, the first group of the first row first (the concealed tiles), then every
    other group (an exposed meld each); and of the pieces beside the hand (flowers and
    seasons). The deck's ``photo_groups`` says which is which."""
    from scorer.decks import get_deck

    groups: tuple[list[list[int]], list[int]] = get_deck(result.game).module.photo_groups(
        _pieces(result, codes))
    return groups


def hand_problem(result: PhotoResult, codes: list[str | None]) -> str:
    """One line saying why a mahjong photo's tiles (``codes``, as :func:`to_notation` groups
    them) cannot make any player's hand, or "" where some player could hold them: the hand
    tiles must be 13 or 14 (a kong counting as 3) and every meld 3 or 4 tiles (as the deck's
    games count them: ``Game.laid_hand``). Whether 13 or 14 is right for this player is the
    scoring's to say: only it knows who went out. The line is a :class:`Said`, English as
    it is stored (a photo's warnings in JSON), said in the user's language where shown."""
    from scorer.games.base import games_of_deck

    groups, _ = hand_groups(result, codes)
    if not groups:
        return ""
    shape = (len(groups[0]), tuple(len(g) for g in groups[1:]))
    laid = next((x for x in (game.laid_hand(*shape) for game in games_of_deck(result.game))
                 if x is not None), None)
    if laid is None or laid.possible:
        return ""
    parts = []
    if laid.miscounted:
        parts.append(Said("photo.hand.miscounted", tiles=laid.tiles, concealed=laid.concealed,
                          melds=len(laid.melds), kong=laid.kong_counts, hand=laid.hand_tiles,
                          winner=laid.hand_tiles + 1))
    sizes: str | Said = ""
    for n in laid.meld_sizes:  # "3 or 4"
        sizes = Said("photo.hand.or", a=sizes, b=n) if sizes else str(n)
    for m in laid.odd_melds:
        tiles = groups[m + 1]
        where = f"#{tiles[0] + 1}" + (f"-#{tiles[-1] + 1}" if len(tiles) > 1 else "")
        first = result.cards[tiles[0]]
        backs = sum((b.row, b.group) == (first.row, first.group) for b in result.backs)
        # "el cerrado dos están boca arriba y dos boca abajo" (seed 002): a concealed kong
        # lies as two faces and two backs, and a back says nothing of its face
        kong = Said("photo.hand.backs", backs=backs) if backs else ""
        parts.append(Said("photo.hand.odd-meld", where=where, size=len(tiles), kong=kong,
                          sizes=sizes))
    return Said("photo.hand.no-hand", parts=tuple(parts))


def to_notation(result: PhotoResult, codes: list[str | None], lang: str = "en") -> str:
    """Canonical typed notation for the kept codes (``Deck.notation``; see
    ``resolve_pile_source``); where they are none, a PhotoPileError in ``lang``."""
    from scorer.decks import get_deck
    from scorer.decks.base import NotationError

    try:
        return get_deck(result.game).notation(_pieces(result, codes))
    except NotationError as err:
        raise PhotoPileError(t("photo.pile.not-notation", lang, image=repr(result.image),
                               error=describe(err, lang))) from err
