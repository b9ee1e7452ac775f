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
        raise PhotoPileError(f"photo pile: {err}") from err
    if not result.cards:
        why = "; ".join(result.warnings) or "nothing recognised"
        raise PhotoPileError(f"photo pile {str(path)!r}: no cards recognised ({why})")
    if result.game == "mahjong":
        # Said here, not by the pipeline: a photo is a hand only where a hand is asked for
        # (`scorer recognize` also reads heaps and discards).
        problem = hand_problem(result, [c.code for c in result.cards])
        if problem:
            result.warnings.append(problem)
    show_result(result, console)
    codes = confirm_cards(result, assume_yes=assume_yes, interactive=interactive, months=months,
                          console=console)
    return to_notation(result, codes)


def show_result(result: PhotoResult, console: Any) -> None:
    """List the recognised cards, uncertain ones marked."""
    console.print(f"{result.image}: {len(result.cards)} recognised"
                  + (f", {len(result.backs)} back(s) not scored" if result.backs else "")
                  + (f", {len(result.hidden)} covered beyond reading (not scored: add them "
                     "by hand)" if result.hidden else ""),
                  markup=False, highlight=False, soft_wrap=True)
    for i, card in enumerate(result.cards, start=1):
        mark = "  ?" if card.uncertain else ""
        if card.visible < 1.0 and result.game != "mahjong":
            mark += f"  ({round(100 * card.visible)}% shows)"
        alt = ", ".join(f"{c} {p:.2f}" for c, p in card.top[1:])
        console.print(f"  #{i:<3} {card.code:<24} {card.confidence:.2f}{mark}"
                      + (f"   (or: {alt})" if card.uncertain and alt else ""),
                      markup=False, highlight=False, soft_wrap=True)
    for w in result.warnings:
        console.print(f"  warning: {w}", markup=False, highlight=False, soft_wrap=True)


def _valid(code: str, game: str, months: str = "kr") -> str | None:
    """The canonical design/tile code for a typed correction, or None if it is not one."""
    from scorer.decks.base import NotationError

    try:
        if game == "mahjong":
            from scorer.decks.mahjong import Tile

            return Tile.parse(code).id
        from scorer.decks.hanafuda import HanafudaCard

        return HanafudaCard.parse(code, "jp" if months == "jp" else "kr").design
    except (NotationError, ValueError):
        return None


def confirm_cards(result: PhotoResult, *, assume_yes: bool, interactive: bool,
                  console: Any, months: str = "kr") -> list[str | None]:
    """One code per card (None = dropped), after the user settles every uncertain card and,
    for mahjong, a hand the tiles cannot make (:func:`hand_problem`)."""
    codes: list[str | None] = [c.code for c in result.cards]
    unsure = result.uncertain
    problem = hand_problem(result, codes) if result.game == "mahjong" else ""
    if not unsure and not problem:
        return codes
    if interactive:
        for i in unsure:
            card = result.cards[i]
            while True:
                answer = console.input(
                    f"#{i + 1} looks like {card.code} ({card.confidence:.2f}). "
                    "Enter = accept, or type the right code, or 'skip': "
                ).strip()
                if not answer:
                    break
                if answer.lower() in SKIP_WORDS:
                    codes[i] = None
                    break
                fixed = _valid(answer, result.game, months)
                if fixed is not None:
                    codes[i] = fixed
                    break
                console.print(f"  {answer!r} is not a {result.game} code; try again",
                              markup=False, highlight=False, soft_wrap=True)
        if result.game == "mahjong":
            _ask_hand(result, codes, console)
        return codes
    if assume_yes:
        return codes
    listing = ", ".join(f"#{i + 1} {result.cards[i].code} ({result.cards[i].confidence:.2f})"
                        for i in unsure)
    if not problem:
        raise PhotoPileError(
            f"photo pile {result.image!r} has {len(unsure)} uncertain card(s): {listing}; "
            "run on a terminal to confirm them, pass --yes to accept them, or type the pile"
        )
    unsure_part = f"{len(unsure)} uncertain card(s): {listing}; " if unsure else ""
    raise PhotoPileError(
        f"photo pile {result.image!r}: {unsure_part}{problem}; run on a terminal to confirm "
        "the photo, pass --yes to go on with the tiles as found, or type the pile"
    )


STOP_WORDS = ("no", "n", "stop")


def _ask_hand(result: PhotoResult, codes: list[str | None], console: Any) -> None:
    """On a terminal, after the uncertain tiles: go on with tiles that cannot make a hand
    (the scoring then says what it makes of them), or stop (PhotoPileError)."""
    problem = hand_problem(result, codes)  # of the tiles as confirmed
    while problem:
        answer = console.input(f"{problem}. Enter = go on with the tiles as found, "
                               "or 'no' to stop: ", markup=False).strip().lower()
        if not answer:
            return
        if answer in STOP_WORDS:
            raise PhotoPileError(f"photo pile {result.image!r}: {problem}; stopped: retake "
                                 "the photo, or type the pile")
        console.print(f"  {answer!r}: press Enter to go on, or type 'no'",
                      markup=False, highlight=False, soft_wrap=True)


def hand_groups(result: PhotoResult, codes: list[str | None]) -> tuple[list[list[int]],
                                                                       list[int]]:
    """Mahjong: the indexes (into ``result.cards``) of the kept hand tiles by group, the first
    group of the first row first (the concealed tiles), then every other group (an exposed
    meld each), in reading order; and of the kept flowers and seasons, which are bonus tiles
    beside the hand, never part of a meld. Backs and dropped tiles are no tiles of the hand."""
    from scorer.decks.mahjong import ALL_TILES

    bonus_ids = {t.id for t in ALL_TILES if t.is_bonus}
    groups: dict[tuple[int, int], list[int]] = {}
    bonus: list[int] = []
    for i, (card, code) in enumerate(zip(result.cards, codes, strict=True)):
        if code is None or code == "back":
            continue
        if code in bonus_ids:
            bonus.append(i)
        else:
            groups.setdefault((card.row, card.group), []).append(i)
    return [groups[k] for k in sorted(groups)], bonus


def hand_problem(result: PhotoResult, codes: list[str | None]) -> str:
    """One line saying why a mahjong photo's tiles (``codes``, as :func:`to_notation` groups
    them) cannot make any player's hand, or "" where some player could hold them: the hand
    tiles must be 13 or 14 (a kong counting as 3) and every meld 3 or 4 tiles
    (:class:`scorer.games.mahjong.LaidHand`). Whether 13 or 14 is right for this player is
    the scoring's to say: only it knows who went out."""
    from scorer.games.mahjong import HAND_TILES, KONG_COUNTS, MELD_TILES, LaidHand

    groups, _ = hand_groups(result, codes)
    if not groups:
        return ""
    laid = LaidHand(len(groups[0]), tuple(len(g) for g in groups[1:]))
    if laid.possible:
        return ""
    parts = []
    if laid.miscounted:
        melds = len(laid.melds)
        parts.append(f"{laid.tiles} hand tiles ({laid.concealed} concealed, {melds} meld(s), "
                     f"a kong counting as {KONG_COUNTS}) where a hand holds {HAND_TILES} and "
                     f"the winner's {HAND_TILES + 1}")
    for m in laid.odd_melds:
        tiles = groups[m + 1]
        where = f"#{tiles[0] + 1}" + (f"-#{tiles[-1] + 1}" if len(tiles) > 1 else "")
        first = result.cards[tiles[0]]
        backs = sum((b.row, b.group) == (first.row, first.group) for b in result.backs)
        # "el cerrado dos están boca arriba y dos boca abajo" (seed 002): a concealed kong
        # lies as two faces and two backs, and a back says nothing of its face
        kong = (f" beside {backs} back(s) (a concealed kong? type it, e.g. [1111m])"
                if backs else "")
        parts.append(f"the meld {where} has {len(tiles)} tile(s){kong} where a meld has "
                     f"{' or '.join(str(n) for n in MELD_TILES)}")
    return "these tiles cannot make a hand: " + "; ".join(parts)


def to_notation(result: PhotoResult, codes: list[str | None]) -> str:
    """Canonical typed notation for the kept codes (see ``resolve_pile_source``)."""
    if result.game == "mahjong":
        groups, bonus = hand_groups(result, codes)
        parts = [" ".join(str(codes[i]) for i in groups[0])] if groups else []
        # melds take no spaces; flowers and seasons stand bare beside the hand
        parts += ["(" + "".join(str(codes[i]) for i in g) + ")" for g in groups[1:]]
        parts += [str(codes[i]) for i in bonus]
        return " ".join(parts)
    from scorer.decks.base import NotationError
    from scorer.decks.hanafuda import parse_pile

    kept = " ".join(c for c in codes if c is not None and c != "back")
    try:
        return " ".join(card.id for card in parse_pile(kept))
    except NotationError as err:
        raise PhotoPileError(f"photo pile {result.image!r}: the recognised cards are not a "
                             f"possible pile ({err}); correct them on a terminal") from err
