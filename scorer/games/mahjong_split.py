"""Every way to read concealed mahjong tiles as sets and one pair (pure, memoised).

Tiles are indices 0-33: ``m`` 0-8, ``p`` 9-17, ``s`` 18-26, honours ``z`` 27-33. A reading
is a tuple of ``(kind, index)`` with kind ``"pung"``, ``"chow"`` (``index`` = its lowest
tile) or ``"pair"``. Suits never share a set, so each suit is read on its own (memoised on
its nine counts) and the suits' readings are combined with exactly one pair overall.

Why four sets and a pair: seed 002 asks for "4 grupos de 3 ... una pareja extra" in one
place and "3 grupos de 3 y la pareja final" in another. A player holds 13 tiles and goes out
on the 14th; 3 sets and a pair are 11 tiles, so only 4 x 3 + 2 = 14 adds up (a kong counts
as a set of three: "cuatro iguales se cuentan sólo como tres"). The engine uses 4 + 1.
"""

from __future__ import annotations

from functools import cache
from itertools import product

SUIT_LETTERS = "mpsz"
Set = tuple[str, int]
Reading = tuple[Set, ...]


def index(suit: str, rank: int) -> int:
    return SUIT_LETTERS.index(suit) * 9 + rank - 1


def tile_id(i: int) -> str:
    return f"{i % 9 + 1}{SUIT_LETTERS[i // 9]}"


@cache
def _suit(counts: tuple[int, ...], honours: bool, pair_ok: bool) -> frozenset[Reading]:
    """Readings of one suit's counts (ranks 0-based) with at most one pair (if pair_ok)."""
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return frozenset({()})
    out: set[Reading] = set()
    c = counts[i]

    def take(sets: Set, used: dict[int, int], pair_left: bool) -> None:
        rest = list(counts)
        for k, n in used.items():
            rest[k] -= n
        for tail in _suit(tuple(rest), honours, pair_left):
            out.add(tuple(sorted((sets, *tail))))

    if c >= 3:
        take(("pung", i), {i: 3}, pair_ok)
    if c >= 2 and pair_ok:
        take(("pair", i), {i: 2}, False)
    if not honours and i <= 6 and counts[i + 1] and counts[i + 2]:
        take(("chow", i), {i: 1, i + 1: 1, i + 2: 1}, pair_ok)
    return frozenset(out)


def readings(counts: tuple[int, ...]) -> list[Reading]:
    """Every reading of 34 tile counts as sets plus exactly one pair (sorted, no repeats)."""
    per_suit: list[list[Reading]] = []
    pairs_needed = 0
    for s in range(4):
        part = counts[s * 9 : s * 9 + 9] if s < 3 else counts[27:34]
        n = sum(part)
        if n % 3 == 1:
            return []
        pairs_needed += n % 3 == 2
        if pairs_needed > 1:
            return []
        found = _suit(tuple(part), s == 3, n % 3 == 2)
        base = s * 9
        shifted = [tuple((k, r + base) for k, r in reading) for reading in found]
        if n % 3 == 2:  # this suit must hold the pair
            shifted = [r for r in shifted if any(k == "pair" for k, _ in r)]
        if not shifted:
            return []
        per_suit.append(shifted)
    if pairs_needed != 1:
        return []
    out = [tuple(sorted(sum(parts, ()))) for parts in product(*per_suit)]
    return sorted(set(out))


def counts_of(indices: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    counts = [0] * 34
    for i in indices:
        counts[i] += 1
    return tuple(counts)


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)  # the 1s, 9s and honours


def thirteen_orphans(counts: tuple[int, ...]) -> bool:
    """One of each terminal and honour and one of them twice (14 tiles, nothing else)."""
    return sum(counts) == 14 and all(counts[i] for i in ORPHANS) and sum(
        counts[i] for i in ORPHANS) == 14


def _is_major(i: int) -> bool:
    return i >= 27 or i % 9 in (0, 8)


def wriggling_snake(counts: tuple[int, ...]) -> bool:
    """BMJA 'Wriggling Snake' (Kajongg): a pair of 1s and a run 2-9 of one suit, each wind once."""
    if counts[27:31] != (1, 1, 1, 1) or any(counts[31:34]):
        return False
    suits = [s for s in range(3) if any(counts[s * 9 : s * 9 + 9])]
    run = (2, 1, 1, 1, 1, 1, 1, 1, 1)
    return len(suits) == 1 and counts[suits[0] * 9 : suits[0] * 9 + 9] == run


def knitting(counts: tuple[int, ...]) -> bool:
    """BMJA 'Knitting' (Kajongg): 7 pairs of tiles in any 2 of the 3 suits, no winds or dragons.

    A knitted pair is one value in two suits (3m 3p); seven of them make the two suits' ranks alike.
    """
    if sum(counts) != 14 or any(counts[27:]):
        return False
    parts = [counts[s * 9 : s * 9 + 9] for s in range(3)]
    used = [x for x in parts if any(x)]
    return len(used) == 2 and used[0] == used[1]


def triple_knitting(counts: tuple[int, ...]) -> bool:
    """BMJA 'Triple Knitting' (Kajongg): four knitted triples (one value in all three suits)
    and a knitted pair (one value in two suits); no winds or dragons."""
    if sum(counts) != 14 or any(counts[27:]):
        return False
    triples = [min(counts[r], counts[9 + r], counts[18 + r]) for r in range(9)]
    if sum(triples) != 4:
        return False
    rest = [i for i in range(27) for _ in range(counts[i] - triples[i % 9])]
    return len(rest) == 2 and rest[0] % 9 == rest[1] % 9 and rest[0] // 9 != rest[1] // 9


def all_pair_honours(counts: tuple[int, ...]) -> bool:
    """BMJA 'All pair honors' (Kajongg): 7 pairs of 1s, 9s, winds and dragons (two each)."""
    return sorted(c for c in counts if c) == [2] * 7 and all(
        _is_major(i) for i, c in enumerate(counts) if c)


# Winning shapes of their own, outside four sets and a pair (issue 34): name -> test on the
# 14 concealed tiles' counts. A rule set plays each by giving its limit hand a share.
SHAPES = {
    "thirteen-orphans": thirteen_orphans,
    "wriggling-snake": wriggling_snake,
    "knitting": knitting,
    "triple-knitting": triple_knitting,
    "all-pair-honours": all_pair_honours,
}


def shape_of(counts: tuple[int, ...], shapes: tuple[str, ...]) -> str | None:
    """The first of ``shapes`` these 14 tiles make, if any (the shapes never overlap)."""
    return next((s for s in shapes if SHAPES[s](counts)), None)


def winning_tiles(
    counts: tuple[int, ...], max_chows: int = 4, orphans: bool = False,
    shapes: tuple[str, ...] = (),
) -> tuple[int, ...]:
    """Every tile that would complete a hand of these concealed counts (the wait analysis).

    ``max_chows``: readings with more chows do not count; ``orphans``: the Thirteen Orphans
    shape completes too; ``shapes``: the other shapes of their own (:data:`SHAPES`) that do.
    A tile the hand already holds four of cannot come.
    """
    if orphans:
        shapes = ("thirteen-orphans", *shapes)
    out = []
    for i in range(34):
        if counts[i] >= 4:
            continue
        more = counts[:i] + (counts[i] + 1,) + counts[i + 1 :]
        if any(sum(k == "chow" for k, _ in r) <= max_chows for r in readings(more)) or (
            shapes and shape_of(more, shapes) is not None
        ):
            out.append(i)
    return tuple(out)
