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
        or unreadable, holds no cards, or has uncertain cards while neither ``assume_yes``
        nor ``interactive`` is set; the message lists the uncertain cards.
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
    """One code per card (None = dropped), after the user settles every uncertain card."""
    codes: list[str | None] = [c.code for c in result.cards]
    unsure = result.uncertain
    if not unsure:
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
        return codes
    if assume_yes:
        return codes
    listing = ", ".join(f"#{i + 1} {result.cards[i].code} ({result.cards[i].confidence:.2f})"
                        for i in unsure)
    raise PhotoPileError(
        f"photo pile {result.image!r} has {len(unsure)} uncertain card(s): {listing}; "
        "run on a terminal to confirm them, pass --yes to accept them, or type the pile"
    )


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
