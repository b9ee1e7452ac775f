"""A photo of the whole table (issue 46): `scorer recognize PHOTO --table` and the quick
forms' ``--table PHOTO`` (``scorer gostop --table end.jpg --seats "Ana:bottom,Bo:top"``).

The photo is read once, split into the piles the table separates
(:mod:`scorer.vision.table`), each pile given to a seat; the confirm step shows who has
which pile, lets the user swap two (``--swap 1,2``, or on a terminal), asks about piles
laid touching, then confirms each player's uncertain cards as a photo pile is confirmed.
OpenCV and the models are imported only when a photo is read.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.cli.output import CliError, describe

if TYPE_CHECKING:
    from scorer.games.base import Game
    from scorer.vision.table import Seat, TableResult

STOP_WORDS = ("no", "n", "stop", "parar")


def side_word(side: str, lang: str) -> str:
    from scorer.i18n import t

    return t(f"table.side.{side}", lang)


def render_table(table: TableResult, lang: str) -> str:
    """The piles, who each is given to and the cards of each, one line a card, then their
    count by kind."""
    from scorer.i18n import t
    from scorer.vision.confirm import by_kind, doubt_words

    photo = table.photo
    lines = [t("table.header", lang, image=photo.image, game=photo.game, width=photo.width,
               height=photo.height, n=len(table.piles))]
    for n, pile in enumerate(table.piles, start=1):
        lines.append(t("table.pile", lang, n=n,
                       player=pile.player or t("table.pile.nobody", lang),
                       side=side_word(pile.side, lang), cards=len(pile.cards)))
        if pile.touching:
            lines.append(t("table.pile.touching", lang))
        for i in sorted(pile.cards):
            card = photo.cards[i]
            flag = "  ?" if card.uncertain else ""
            if card.uncertain and card.doubt:
                flag += " " + doubt_words(card.doubt, lang)
            lines.append(f"  #{i + 1:<3} {card.code:<24} {card.confidence:.2f}{flag}")
        kinds = by_kind(photo.game, [photo.cards[i].code for i in pile.cards], lang)
        if kinds:
            lines.append("  " + kinds)
    for name in table.empty_seats:
        side = next(s.side for s in table.seats if s.name == name)
        lines.append(t("table.empty-seat", lang, name=name, side=side_word(side, lang)))
    return "\n".join(lines)


def read_table_photo(path: Path, deck: str, seats: list[Seat], lang: str = "en"
                     ) -> tuple[TableResult, Any]:
    """Recognise a table photo pile by pile (``table.recognize_table``); the decoded image
    comes back for ``--annotate``."""
    from scorer.vision.classify import Classifier
    from scorer.vision.models import ModelError
    from scorer.vision.pipeline import ImageError, load_image_sized
    from scorer.vision.table import recognize_table

    try:
        image, (w, h) = load_image_sized(path)
        table = recognize_table(image, deck, Classifier(deck), seats=seats, name=str(path),
                                width=w, height=h)
    except (ImageError, ModelError) as err:
        raise CliError(describe(err, lang)) from None
    return table, image


def apply_swaps(table: TableResult, swaps: list[str]) -> None:
    """``--swap 1,2`` (repeatable): exchange the players of two piles, in the order given."""
    from scorer.vision.table import TableError

    for text in swaps:
        parts = text.replace(" ", ",").split(",")
        numbers = [p for p in parts if p]
        if len(numbers) != 2 or not all(p.isdigit() for p in numbers):
            raise TableError("table.swap.bad", token=repr(text))
        table.swap(int(numbers[0]), int(numbers[1]))


def confirm_table(table: TableResult, *, assume_yes: bool, interactive: bool, console: Any,
                  lang: str, months: str = "kr") -> dict[str, str]:
    """Each seated player's pile as typed notation, after the user has seen who has which
    pile (and swapped piles on a terminal), settled every pile laid touching and every
    uncertain card. Raises ``TableError``/``PhotoPileError`` where that cannot be done."""
    from scorer.i18n import t
    from scorer.vision.confirm import confirm_cards, said_as_hand, show_result, to_notation
    from scorer.vision.table import TableError

    if not table.piles:
        raise TableError("table.no-piles")
    console.print(render_table(table, lang), markup=False, highlight=False, soft_wrap=True)
    for n in table.asked:
        pile = table.piles[n - 1]
        if not interactive:
            raise TableError("table.touching", n=n)
        while True:
            answer = console.input(t("table.confirm.touching", lang, n=n,
                                     player=pile.player or "?"), markup=False).strip().lower()
            if not answer:
                pile.touching = False
                break
            if answer in STOP_WORDS:
                raise TableError("table.touching", n=n)
    if interactive and len(table.piles) > 1 and table.seats:
        while True:
            answer = console.input(t("table.confirm.swap", lang), markup=False).strip()
            if not answer:
                break
            try:
                apply_swaps(table, [answer])
            except TableError as err:
                from scorer.i18n import describe

                console.print(f"  {describe(err, lang)}", markup=False, highlight=False)
                continue
            console.print(render_table(table, lang), markup=False, highlight=False,
                          soft_wrap=True)
    out: dict[str, str] = {}
    for seat in table.seats:
        sub = table.player_photo(seat.name)
        if not sub.cards:
            out[seat.name] = ""
            continue
        said_as_hand(sub)
        show_result(sub, console, lang)
        codes = confirm_cards(sub, assume_yes=assume_yes, interactive=interactive,
                              console=console, months=months, lang=lang)
        out[seat.name] = to_notation(sub, codes, lang)
    return out


def run_recognize_table(image: Path, deck: str, *, seats_text: str | None,
                        swaps: list[str], as_json: bool, annotate: Path | None,
                        lang: str) -> None:
    """`scorer recognize PHOTO --table`: the piles and who each is given to (no scoring)."""
    from scorer.cli.output import emit_json, emit_text
    from scorer.vision.table import parse_seats

    seats = parse_seats(seats_text) if seats_text is not None else []
    table, img = read_table_photo(image, deck, seats, lang)
    apply_swaps(table, swaps)
    if annotate is not None:
        from scorer.cli.camera import _write_annotated

        _write_annotated(annotate, table.annotate(img), lang)
    if as_json:
        emit_json(table.to_json())
        return
    emit_text(render_table(table, lang))
    from scorer.cli.camera import warn

    warn(table.warnings, lang)


def fill_from_table(game: Game, args: dict[str, Any], lang: str) -> None:
    """The quick form's ``--table PHOTO``: each seat's confirmed pile into the game's pile
    options (``Game.table_piles``, in seat order; ``--seats`` default: those options' own
    names clockwise from the bottom), and the seats' names into ``--names``."""
    from rich.console import Console

    from scorer.vision.table import SIDES, TableError, parse_seats

    slots = game.table_piles
    given = [o for o in slots if args.get(o) not in (None, "", [])]
    if given:
        raise CliError(f"scorer {game.name}: --table fills --{given[0]}; give one or the "
                       "other" if lang != "es" else
                       f"scorer {game.name}: --table rellena --{given[0]}; da uno u otro")
    said = args.get("seats")
    try:
        seats = parse_seats(said) if said else parse_seats(",".join(slots))
        # one seat a pile option; an option that repeats (--vs) takes the further seats
        most = len(SIDES) if _repeats(game, slots[-1]) else len(slots)
        if not len(slots) <= len(seats) <= most:
            raise TableError("table.seat-count", n=len(seats), least=len(slots), most=most)
        table, _ = read_table_photo(Path(args["table"]), game.deck, seats, lang)
        apply_swaps(table, list(args.get("swap") or ()))
        console = Console(stderr=True)
        piles = confirm_table(table, assume_yes=args["assume_yes"],
                              interactive=sys.stdin.isatty() and sys.stderr.isatty(),
                              console=console, lang=lang,
                              months=args.get("months") or game.months or "kr")
    except (TableError, ValueError) as err:
        from scorer.cli.output import describe

        raise CliError(f"scorer {game.name}: --table: {describe(err, lang)}") from None
    for k, seat in enumerate(seats):
        slot = slots[min(k, len(slots) - 1)]
        if _repeats(game, slot):
            args[slot] = [*(args.get(slot) or []), piles[seat.name]]
        else:
            args[slot] = piles[seat.name]
    if said and not args.get("names"):
        args["names"] = ",".join(s.name for s in seats)


def _repeats(game: Game, dest: str) -> bool:
    return any(o.dest == dest and o.repeat for o in game.quick)
