"""Photo commands: `scorer recognize PHOTO` (whole photos) and `scorer camera`.

`camera` reads a webcam (``--source 0``) or a video file. On a terminal it shows the pile
recognised in the latest frames live and captures it when you press Enter. Without a terminal
it reads the whole video and prints the last stable pile, so it can run in scripts and tests.
"""

from __future__ import annotations

import select
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from scorer.cli.bilingual import option, spanish_doc
from scorer.cli.choices import declared
from scorer.cli.output import CliError, describe, emit_json, emit_text, fail
from scorer.decks import photo_decks
from scorer.options import JSON, LANG

if TYPE_CHECKING:
    import numpy as np

    from scorer.vision.pipeline import ClassifierLike, PhotoResult

# A pile is "stable" when this many processed frames in a row agree on it: hands moving
# cards produce a few frames of half-seen cards that must not be captured.
STABLE_FRAMES = 3
# Process one frame in this many: recognition takes ~0.2-0.5 s on a laptop CPU, and a pile
# does not change faster than that.
FRAME_STEP = 5




def _photo_decks() -> dict[str, str]:
    """What ``--game`` takes, and the deck each reads: every deck the photo commands
    recognise, and every game played with one (a Koi-Koi player types ``--game koikoi``;
    Koi-Koi and Go-Stop are both played with hanafuda cards)."""
    from scorer.games.base import game_names, get_game

    decks = {name: name for name in photo_decks()}
    for name in game_names():
        decks.setdefault(name, get_game(name).deck)
    return {name: deck for name, deck in decks.items() if deck in photo_decks()}


PHOTO_DECK = _photo_decks()
GAME_HELP = "Which cards or tiles to expect: the deck, or a game played with it."
GAME_HELP_ES = "Qué cartas o fichas se esperan: la baraja, o un juego que se juega con ella."
# ``--game``'s choices, as typer's (from the deck and game registries).
# (mypy cannot see members built from data; typer reads them at run time)
PhotoGame = StrEnum("PhotoGame", {name: name for name in PHOTO_DECK})  # type: ignore[misc]


def _emit(result: PhotoResult, as_json: bool, lang: str = "en") -> None:
    """A recognised pile on stdout (text or JSON, which stays English); its warnings on
    stderr, in ``lang``."""
    if as_json:
        emit_json(result.to_json())
    else:
        from scorer.vision.confirm import listing

        emit_text("\n".join(listing(result, scoring=False, lang=lang)))
        warn(result.warnings, lang)


def warn(warnings: list[str], lang: str) -> None:
    """A photo's warnings on stderr, each said in ``lang``."""
    from scorer.i18n import in_language, t

    for w in warnings:
        sys.stderr.write(f"scorer: {t('photo.warning', lang, text=in_language(w, lang))}\n")


# ---------------------------------------------------------------- recognize PHOTO


def run_recognize_photo(image: Path, game: str, *, as_json: bool, annotate: Path | None,
                        lang: str = "en") -> None:
    """Body of `scorer recognize PHOTO` without --single; bad input exits 2 with one line."""
    from scorer.i18n import t
    from scorer.vision.models import ModelError
    from scorer.vision.pipeline import ImageError, recognize_path

    if annotate is not None and annotate.suffix.lower() not in (".png", ".jpg", ".jpeg"):
        fail(t("annotate.suffix", lang, path=repr(str(annotate))))
    try:
        result, img = recognize_path(image, game)
    except (ImageError, ModelError) as err:
        fail(describe(err, lang))
    if annotate is not None:
        _write_annotated(annotate, result.annotate(img), lang)
    _emit(result, as_json, lang)


def _write_annotated(path: Path, img: np.ndarray, lang: str) -> None:
    from scorer.vision.capture import CaptureError, write_image

    try:
        write_image(path, img)
    except CaptureError as err:
        fail(describe(err, lang))


# ---------------------------------------------------------------- camera


@dataclass
class PileTracker:
    """Remembers the last pile seen in ``needed`` consecutive processed frames."""

    needed: int = STABLE_FRAMES
    _last: Counter[str] = field(default_factory=Counter)
    _run: int = 0
    stable: PhotoResult | None = None
    latest: PhotoResult | None = None

    def update(self, result: PhotoResult) -> bool:
        """Feed one frame's result; True when it made (or kept) the pile stable."""
        key = Counter(result.codes)
        self._run = self._run + 1 if key == self._last else 1
        self._last = key
        self.latest = result
        if self._run >= self.needed and result.cards:
            self.stable = result
            return True
        return False


def frames(capture: Any, step: int) -> Iterator[np.ndarray]:
    """Every ``step``-th frame until the source ends."""
    i = 0
    while True:
        ok, frame = capture.read()
        if not ok or frame is None:
            return
        if i % step == 0:
            yield frame
        i += 1


def watch(capture: Any, game: str, classifier: ClassifierLike, *, step: int = FRAME_STEP,
          needed: int = STABLE_FRAMES) -> PileTracker:
    """Process a whole video (no terminal): the tracker holds the last stable pile."""
    from scorer.vision.pipeline import recognize_array

    tracker = PileTracker(needed)
    for frame in frames(capture, step):
        tracker.update(recognize_array(frame, game, classifier, name="camera"))
    return tracker


def _open(source: str, lang: str) -> Any:
    from scorer.vision.capture import CaptureError, open_source

    try:
        return open_source(source)
    except CaptureError as err:
        raise CliError(describe(err, lang)) from None


def _live(capture: Any, game: str, classifier: ClassifierLike, step: int,
          needed: int, lang: str) -> PileTracker:
    """Terminal mode: redraw the pile as frames arrive; Enter captures, end of video stops."""
    from rich.console import Console
    from rich.live import Live
    from rich.table import Table

    from scorer.decks import get_deck
    from scorer.i18n import t
    from scorer.vision.pipeline import recognize_array

    tracker = PileTracker(needed)
    piece = t(get_deck(game).unit, lang)

    def view(status: str) -> Table:
        table = Table(title=t("camera.title", lang, game=game, status=status))
        table.add_column("#")
        table.add_column(piece)
        table.add_column(t("camera.confidence", lang))
        shown = tracker.stable or tracker.latest
        for i, c in enumerate(shown.cards if shown else [], start=1):
            table.add_row(str(i), c.code + (" ?" if c.uncertain else ""), f"{c.confidence:.2f}")
        return table

    with Live(view(t("camera.starting", lang)), console=Console(stderr=True),
              refresh_per_second=4) as live:
        for frame in frames(capture, step):
            t0 = time.perf_counter()
            stable = tracker.update(recognize_array(frame, game, classifier, name="camera"))
            ms = 1000 * (time.perf_counter() - t0)
            live.update(view(t("camera.stable" if stable else "camera.settling", lang,
                               ms=f"{ms:.0f}")))
            if select.select([sys.stdin], [], [], 0)[0]:
                sys.stdin.readline()
                if tracker.latest is not None and tracker.stable is None:
                    tracker.stable = tracker.latest  # the user chose this moment
                break
    return tracker


@spanish_doc("""Mira un montón con una cámara y lo captura.

    En un terminal, el montón reconocido se actualiza en directo; pulsa Intro para
    capturarlo. Sin terminal (o con un fichero de vídeo en un script) se lee el vídeo entero
    y se escribe el último montón estable. Ejemplos: `scorer camera --game hanafuda --source 0`,
    `scorer camera --game hanafuda --source monton.mp4 --json`.
    """)
def camera(
    game: Annotated[PhotoGame, option("--game", help=GAME_HELP, help_es=GAME_HELP_ES)],
    source: Annotated[
        str, option("--source", help="Camera index (0, 1, ...) or a video file path.",
                    help_es="El número de la cámara (0, 1...) o la ruta de un fichero de vídeo.")
    ] = "0",
    step: Annotated[
        int, option("--every", min=1, help="Process one frame in this many.",
                    help_es="Cada cuántos fotogramas se procesa uno.")
    ] = FRAME_STEP,
    needed: Annotated[
        int, option("--stable", min=1, help="Frames that must agree before a pile counts.",
                    help_es="Los fotogramas que deben coincidir para que un montón cuente.")
    ] = STABLE_FRAMES,
    as_json: Annotated[
        bool, declared(JSON, "Print the captured pile as one JSON document.",
                       "Escribe el montón capturado como un documento JSON.")
    ] = False,
    lang: Annotated[str | None, declared(LANG, "Language of the listing: en or es.",
                                         "Idioma de la lista: en o es.")] = None,
) -> None:
    """Watch a pile through a camera and capture it.

    On a terminal the recognised pile updates live; press Enter to capture it. Without a
    terminal (or with a video file in a script) the whole video is read and the last stable
    pile is printed. Examples: `scorer camera --game hanafuda --source 0`,
    `scorer camera --game hanafuda --source pile.mp4 --json`.
    """
    from scorer.cli.run import resolve_lang
    from scorer.i18n import Said, t
    from scorer.vision.classify import Classifier
    from scorer.vision.models import ModelError

    try:
        language = resolve_lang(lang)
    except CliError as err:
        fail(str(err), err.code)
    try:
        cap = _open(source, language)
        deck = PHOTO_DECK[game.value]
        classifier = Classifier(deck)
        classifier.labels  # noqa: B018  (load now: a missing model fails before the camera runs)
        tty = sys.stdin.isatty() and sys.stdout.isatty()
        # A camera that drops out or a damaged video makes OpenCV log while frames are read;
        # what the user sees is the pile, or scorer's one error line.
        from scorer.vision.quiet import quiet_opencv

        try:
            with quiet_opencv():
                if tty:
                    tracker = _live(cap, deck, classifier, step, needed, language)
                else:
                    tracker = watch(cap, deck, classifier, step=step, needed=needed)
        finally:
            cap.release()
    except CliError as err:
        fail(str(err), err.code)
    except ModelError as err:
        fail(describe(err, language))
    except KeyboardInterrupt:
        fail(t("camera.stopped", language), 130)
    result = tracker.stable
    if result is None:
        result = tracker.latest
        if result is None:
            fail(t("camera.no-frames", language, source=source))
        result.warnings.append(Said("camera.unsteady", needed=needed))
    result.image = source
    _emit(result, as_json, language)
