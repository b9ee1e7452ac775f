"""`scorer recognize`: name the cards or tiles in a photo.

With `--single` the image is one card or tile, classified as a whole. Whole-table photos
(without `--single`) go through the photo pipeline.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

from scorer.cli.bilingual import argument, option, spanish_doc
from scorer.cli.camera import GAME_HELP, GAME_HELP_ES, PHOTO_DECK, PhotoGame
from scorer.cli.choices import declared
from scorer.cli.output import describe, emit_json, emit_text, fail
from scorer.i18n import t
from scorer.options import JSON, LANG


@spanish_doc("""Reconoce las cartas o fichas de una foto.

    Ejemplos: `scorer recognize monton.jpg --game hanafuda --annotate salida.png`,
    `scorer recognize mano.jpg --game mahjong --json`,
    `scorer recognize ficha.jpg --game mahjong --single --json`,
    `scorer recognize mesa.jpg --game hanafuda --table --seats "Ana:abajo,Bo:arriba"`.
    """)
def recognize(
    image: Annotated[Path, argument(help="Photo file (PNG, JPEG, ...).",
                                    help_es="El fichero de la foto (PNG, JPEG...).",
                                    metavar_es="foto")],
    game: Annotated[
        PhotoGame, option("--game", help=GAME_HELP, help_es=GAME_HELP_ES)
    ],
    single: Annotated[
        bool, option("--single", help="The image is one card or tile, tightly framed.",
                     help_es="La foto es una sola carta o ficha, encuadrada de cerca.")
    ] = False,
    as_json: Annotated[bool, declared(JSON, "Print one JSON document instead of text.",
                                      "Escribe un documento JSON en lugar de texto.")] = False,
    annotate: Annotated[
        Path | None,
        option("--annotate", help="Write a copy of the photo with outlines and labels "
               "(PNG/JPEG by extension); uncertain cards in thick red.",
               help_es="Escribe una copia de la foto con contornos y etiquetas (PNG o JPEG "
               "según la extensión); las cartas dudosas, con un trazo rojo grueso."),
    ] = None,
    table: Annotated[
        bool, option("--table", help="The photo shows the whole table: find each "
                     "player's pile (groups of cards with table between them).",
                     help_es="La foto muestra toda la mesa: busca el montón de cada jugador "
                     "(grupos de cartas con mesa entre ellos).")
    ] = False,
    seats: Annotated[
        str | None,
        option("--seats", help='With --table: who sits where, e.g. "Ana:bottom,Bo:top" '
               '(sides bottom, left, top, right) or "Ana,Bo,Cy" (clockwise from the '
               "bottom; two players sit across).",
               help_es='Con --table: quién se sienta dónde, p. ej. "Ana:abajo,Bo:arriba" '
               '(lados abajo, izquierda, arriba, derecha) o "Ana,Bo,Cy" (en el sentido de las '
               "agujas del reloj desde abajo; dos jugadores se sientan enfrente)."),
    ] = None,
    swap: Annotated[
        list[str] | None,
        option("--swap", help="With --table: exchange the players of two piles, e.g. "
               "--swap 1,2 (repeatable).",
               help_es="Con --table: intercambia los jugadores de dos montones, p. ej. "
               "--swap 1,2 (se puede repetir)."),
    ] = None,
    lang: Annotated[str | None, declared(LANG, "Language of the listing: en or es.",
                                         "Idioma de la lista: en o es.")] = None,
) -> None:
    """Recognise cards or tiles in a photo.

    Examples: `scorer recognize pile.jpg --game hanafuda --annotate out.png`,
    `scorer recognize hand.jpg --game mahjong --json`,
    `scorer recognize tile.jpg --game mahjong --single --json`,
    `scorer recognize end.jpg --game hanafuda --table --seats "Ana:bottom,Bo:top"`.
    """
    from scorer.decks import get_deck
    from scorer.vision.models import ModelError

    language = _language(lang)
    deck = PHOTO_DECK[game.value]
    if (seats is not None or swap) and not table:
        fail(t("recognize.needs-table", language))
    if table:
        _table(image, deck, seats, list(swap or ()), as_json, annotate, language)
        return

    if not single:
        from scorer.cli.camera import run_recognize_photo

        run_recognize_photo(image, deck, as_json=as_json, annotate=annotate,
                            lang=language)
        return
    from scorer.vision.classify import MIN_CROP_SIDE, Classifier
    from scorer.vision.pipeline import ImageError, load_image

    try:  # the pipeline's checked loader: missing, empty, truncated, non-image, too big
        img = load_image(image)
        if min(img.shape[:2]) < MIN_CROP_SIDE:
            _no_card(deck, img.shape[1], img.shape[0], as_json, language)
            return
        pred = Classifier(deck).classify([img])[0]
    except (ImageError, ModelError) as err:
        fail(describe(err, language))
    if as_json:
        emit_json(
            {
                "schema": "scorer.recognize.single/1",
                "game": deck,
                "code": pred.label,
                "confidence": round(pred.confidence, 4),
                "rejected": pred.rejected,
                **get_deck(deck).label_fields(pred.label, units=True),
                "top": [{"code": c, "confidence": round(p, 4)} for c, p in pred.top],
            }
        )
        return
    verdict = t("recognize.rejected", language) if pred.rejected else ""
    alternatives = ", ".join(f"{c} {p:.2f}" for c, p in pred.top[1:])
    emit_text(f"{pred.label}  {pred.confidence:.2f}  {verdict}".rstrip())
    if alternatives:
        emit_text("  " + t("recognize.next", language, alternatives=alternatives))


def _language(lang: str | None) -> str:
    """The user's language for an error; a bad ``--lang`` is itself the error to report."""
    from scorer.cli.output import CliError
    from scorer.cli.run import resolve_lang

    try:
        return resolve_lang(lang)
    except CliError as err:
        fail(str(err), err.code)


def _table(image: Path, game: str, seats: str | None, swaps: list[str], as_json: bool,
           annotate: Path | None, language: str) -> None:
    from scorer.cli.output import CliError
    from scorer.cli.table import run_recognize_table
    from scorer.vision.table import TableError

    try:
        if annotate is not None and annotate.suffix.lower() not in (".png", ".jpg", ".jpeg"):
            fail(t("annotate.suffix", language, path=repr(str(annotate))))
        run_recognize_table(image, game, seats_text=seats, swaps=swaps, as_json=as_json,
                            annotate=annotate, lang=language)
    except CliError as err:
        fail(str(err), err.code)
    except TableError as err:
        fail(describe(err, language))


def _no_card(game: str, width: int, height: int, as_json: bool, lang: str = "en") -> None:
    """The pipeline's answer for a photo without cards, for an image too small to show one:
    nothing recognised, a warning, exit 0 (in JSON in English, as a photo's warnings are)."""
    from scorer.decks import get_deck

    deck = get_deck(game)
    noun = deck.piece  # "card" or "tile"
    if as_json:  # the same keys as a recognised card, with nothing in them
        warning = t(f"recognize.too-small.{noun}", "en", width=width, height=height)
        emit_json({"schema": "scorer.recognize.single/1", "game": game, "code": None,
                   "confidence": 0.0, "rejected": True, **deck.label_fields(None), "top": [],
                   "warnings": [warning]})
        return
    emit_text(t(f"recognize.none.{noun}", lang))
    warning = t(f"recognize.too-small.{noun}", lang, width=width, height=height)
    sys.stderr.write(f"scorer: {t('photo.warning', lang, text=warning)}\n")
