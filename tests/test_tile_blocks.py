"""Generated scenes of physical mahjong tiles (`scenes.tile_blocks_scene`): the ground truth
that the tile detector's training and benches (bench/tile_detector.py) count against. Drawn
from art-free tiles, so CI needs no art."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.training import scenes

SIZE = (600, 800)  # small: only the layout and its ground truth are looked at


def _tiles(rng: np.random.Generator) -> list[scenes.ArtCard]:
    return scenes.procedural_cards(rng, 10, aspect=4 / 3, width=60)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_tiles_pushed_across_the_frame_reach_beyond_it(seed: int) -> None:
    # `edge`: tiles pushed across the frame's edge, a photo taken a little too close. Faces
    # mostly beyond it go to `cut` and are not counted.
    rng = np.random.default_rng(seed)
    scene = scenes.tile_blocks_scene(rng, _tiles(rng), 8, size=SIZE, kind="felt", edge=3)
    h, w = SIZE

    def beyond(q: np.ndarray) -> bool:
        return bool((q[:, 0] < 0).any() or (q[:, 0] > w).any() or (q[:, 1] < 0).any()
                    or (q[:, 1] > h).any())

    assert sum(beyond(c.corners) for c in scene.cards) + len(scene.cut) >= 1
    assert all(beyond(q) for q in scene.cut)
    assert not any(scene.on_cut(c.corners) for c in scene.cards)


def test_on_cut_is_an_outline_centred_on_a_cut_face() -> None:
    # Found there, a tile is neither right nor a phantom.
    face = np.array([[-20, 100], [40, 100], [40, 180], [-20, 180]], np.float32)
    scene = scenes.Scene(np.zeros((300, 400, 3), np.uint8), cut=[face])
    assert scene.on_cut(face + np.float32(5))
    assert not scene.on_cut(face + np.float32([80, 0]))


@pytest.mark.parametrize("seed", [0, 1])
def test_a_hand_with_exposed_melds_is_a_row_and_groups_of_three(seed: int) -> None:
    rng = np.random.default_rng(seed)
    scene = scenes.tile_blocks_scene(rng, _tiles(rng), 0, size=SIZE, kind="wood", hand=8,
                                     melds=2)
    groups = [c.group for c in scene.cards]
    assert len(scene.cards) == 14
    assert sorted(groups.count(g) for g in set(groups)) == [3, 3, 8]
    assert not scene.cut


def test_a_ring_holds_its_tiles_and_the_lone_ones() -> None:
    # `ring=9` of 13 tiles: nine touching in a ring (one group), four lying apart.
    rng = np.random.default_rng(0)
    scene = scenes.tile_blocks_scene(rng, _tiles(rng), 13, size=SIZE, kind="felt", ring=9)
    groups = [c.group for c in scene.cards]
    assert len(scene.cards) == 13
    assert max(groups.count(g) for g in set(groups)) == 9


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_heap_counts_the_tiles_that_show_and_cuts_the_rest(seed: int) -> None:
    # `tile_heap_scene`: tiles at any angle, touching and lying over each other, some face
    # down. Every tile laid is either counted (showing at least EDGE_COUNTED of its face,
    # backs labelled "back") or cut, never both; faces lie inside the frame.
    rng = np.random.default_rng(seed)
    scene = scenes.tile_heap_scene(rng, _tiles(rng), 30, size=SIZE, kind="felt", backs=0.3)
    h, w = SIZE
    assert 20 <= len(scene.cards) + len(scene.cut) <= 30  # a few may find no room
    assert all(c.fraction >= scenes.EDGE_COUNTED for c in scene.cards)
    assert not any(scene.on_cut(c.corners) for c in scene.cards)
    assert any(c.label == "back" for c in scene.cards)
    for c in scene.cards:
        assert (c.corners >= -0.05 * w).all() and (c.corners[:, 0] <= 1.05 * w).all()
        assert (c.corners[:, 1] <= 1.05 * h).all()


def test_a_heap_tile_covered_by_the_next_is_cut() -> None:
    # Drawn in order, a face with another lying over half of it shows half: below
    # EDGE_COUNTED. The raster counts at a quarter size, so shares are near, not exact.
    under = np.array([[100, 100], [200, 100], [200, 240], [100, 240]], np.float32)
    over = under + np.float32([50, 0])
    shown = scenes._shown_shares([under, over], np.zeros(2), (400, 400))
    assert shown[0] == pytest.approx(0.5, abs=0.05)
    assert shown[1] == 1.0
