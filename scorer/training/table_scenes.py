"""Generated photos of a whole table at the end of a hand, for ``bench/table_photos.py``.

Each seat's pile lies before its side of the photo, turned to face that player: a hanafuda
captured pile laid as ``piles._layout`` lays one ("pile": cascades, fans, stacks, heaps and
rows), or a mahjong hand row with its exposed melds on a second row towards the middle (the
gaps of ``scenes.tile_rows_scene``). Piles are pushed out from the middle until the table
between any two is ``PILE_GAP`` card lengths or more, then the table is fitted into the
photo and seen through ``scenes``' camera tilt and photo model. Benches only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from scorer.training import piles, scenes

# The turn of each seat's pile (radians): "down" in the pile's own frame points at its player.
SEAT_TURN = {"bottom": 0.0, "left": math.pi / 2, "top": math.pi, "right": -math.pi / 2}
# Where each seat's pile lies from the middle of the table (unit vectors, image axes).
SEAT_AWAY = {"bottom": (0.0, 1.0), "left": (-1.0, 0.0), "top": (0.0, -1.0),
             "right": (1.0, 0.0)}
# The least table between two players' piles, in card (tile) long sides: players sit a
# table's width apart; docs/photos.md asks for a card's length, the generator keeps 1.5.
PILE_GAP = 1.5
TILE_ASPECT = 4 / 3


@dataclass(frozen=True)
class TableCard:
    """One card of the table: label, whole face (TL TR BR BL, image px), whose it is, the
    outline of the part that shows and that part's share of the face (as ``piles.PileCard``:
    a card showing less than ``piles.HIDDEN_BELOW`` is counted by no bench)."""

    label: str
    corners: np.ndarray
    seat: str
    visible: np.ndarray
    fraction: float = 1.0

    @property
    def hidden(self) -> bool:
        return self.fraction < piles.HIDDEN_BELOW


@dataclass
class TableScene:
    image: np.ndarray
    cards: list[TableCard]
    seats: tuple[str, ...]


def _hanafuda_pile(rng: np.random.Generator, n: int, layout: str = "pile") -> list[np.ndarray]:
    """A captured pile laid as ``layout`` (piles.LAYOUTS) in card widths (its own frame), each
    card's face."""
    placed, _, _ = piles._layout(rng, layout, n)
    return [scenes._card_quad(np.array([x, y]), 1.0, piles.ASPECT, t) for x, y, t in placed]


def _mahjong_pile(rng: np.random.Generator) -> list[np.ndarray]:
    """A hand row (nearest the player) and 0-4 exposed melds of 3 or 4 on a row before it,
    in tile widths, tiles upright to their player; 13-14 tiles, a kong counting as 3."""
    melds = [int(rng.choice([3, 3, 3, 4])) for _ in range(int(rng.integers(0, 5)))]
    hand = int(rng.integers(13, 15)) - 3 * len(melds)
    gap_w, row_gap = rng.uniform(0.35, 0.8), rng.uniform(0.3, 0.8)
    rows = [melds, [hand]] if melds else [[hand]]
    out = []
    for r, groups in enumerate(rows):
        x, y = 0.0, r * (TILE_ASPECT + row_gap)
        for g in groups:
            for _ in range(g):
                out.append(scenes._card_quad(np.array([x + 0.5, y + TILE_ASPECT / 2]), 1.0,
                                             TILE_ASPECT, 0.0))
                x += 1.0
            x += gap_w
    return out


def table_scene(rng: np.random.Generator, art: Sequence[scenes.ArtCard],
                seats: Sequence[str], deck: str = "hanafuda", cards: tuple[int, int] = (8, 21),
                size: tuple[int, int] = (3000, 4000), layout: str = "pile",
                dealt: bool = False) -> TableScene:
    """A photo of the table (``size`` h, w) with one pile for each of ``seats`` (sides of
    the photo); hanafuda piles of ``cards`` (low, high) cards laid as ``layout``, mahjong
    hands with melds. Each card is one of ``art`` at random, or, ``dealt``, the table's
    cards are ``art`` shuffled, each once (one deck's cards: again from the top where the
    piles hold more)."""
    h_img, w_img = size
    long_side = piles.ASPECT if deck == "hanafuda" else TILE_ASPECT
    quads: dict[str, list[np.ndarray]] = {}
    for seat in seats:
        own = (_hanafuda_pile(rng, int(rng.integers(*cards)), layout) if deck == "hanafuda"
               else _mahjong_pile(rng))
        pts = np.concatenate(own)
        centre = (pts.min(0) + pts.max(0)) / 2
        turn = SEAT_TURN[seat] + rng.normal(0, 0.08)
        c, s = math.cos(turn), math.sin(turn)
        rot = np.array([[c, s], [-s, c]])  # row vectors: p @ rot turns p by ``turn``
        quads[seat] = [(q - centre) @ rot for q in own]
    # Push the piles out from the middle until the table between each two is wide enough.
    away = {s: np.array(SEAT_AWAY[s]) for s in seats}
    shift = dict.fromkeys(seats, 0.0)

    def box(seat: str) -> tuple[np.ndarray, np.ndarray]:
        pts = np.concatenate(quads[seat]) + shift[seat] * away[seat]
        return pts.min(0), pts.max(0)

    for _ in range(400):
        close = False
        for i, a in enumerate(seats):
            for b in seats[i + 1:]:
                (alo, ahi), (blo, bhi) = box(a), box(b)
                gap = max(blo[0] - ahi[0], alo[0] - bhi[0], blo[1] - ahi[1], alo[1] - bhi[1])
                if gap < PILE_GAP * long_side + rng.uniform(0, 0.5):
                    shift[a] += 0.25
                    shift[b] += 0.25
                    close = True
        if not close:
            break
    laid = {s: [q + shift[s] * away[s] for q in quads[s]] for s in seats}
    pts = np.concatenate([q for qs in laid.values() for q in qs])
    lo, hi = pts.min(0), pts.max(0)
    scale = rng.uniform(0.82, 0.95) * min(w_img / (hi[0] - lo[0]), h_img / (hi[1] - lo[1]))
    offset = np.array([w_img, h_img]) / 2 - scale * (lo + hi) / 2
    canvas, kind = scenes._table(rng, size)
    # Which card owns each pixel (a quarter of the size), drawn bottom to top as pasted.
    ids = np.full((h_img // 4 + 1, w_img // 4 + 1), -1, np.int32)
    drawn: list[tuple[str, np.ndarray]] = []
    owners: list[str] = []
    deal = rng.permutation(len(art)) if dealt else None
    for seat in seats:
        for q in laid[seat]:
            quad = (q * scale + offset).astype(np.float32)
            pick = art[int(rng.integers(len(art)) if deal is None
                           else deal[len(drawn) % len(art)])]
            image = pick.image if deck != "hanafuda" or rng.random() < 0.5 else \
                np.ascontiguousarray(pick.image[::-1, ::-1])
            scenes._paste(canvas, image, quad, shadow=float(rng.uniform(0.15, 0.35)))
            cv2.fillConvexPoly(ids, np.round(quad / 4).astype(np.int32), len(drawn))
            drawn.append((pick.label, quad))
            owners.append(seat)
    placed = []
    for i, (label, quad) in enumerate(drawn):
        frac, vis, _ = piles.shown_part(ids, i, quad)
        placed.append(scenes.PlacedCard(label, quad, vis, frac))
    scene = scenes._finish(rng, canvas, placed, "table", kind)
    return TableScene(scene.image, [TableCard(p.label, p.corners, o, p.visible, p.fraction)
                                    for p, o in zip(scene.cards, owners, strict=True)],
                      tuple(seats))
