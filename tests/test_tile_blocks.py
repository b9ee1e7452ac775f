"""Generated scenes of physical mahjong tiles (`scenes.tile_blocks_scene`): the ground truth
that the tile detector's training and benches (bench/tile_detector.py) count against. Drawn
from art-free tiles, so CI needs no art."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.vision import scenes

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
