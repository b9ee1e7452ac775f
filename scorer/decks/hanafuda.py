"""The 48-card hanafuda / hwatu deck, plus the Korean bonus cards.

A card is identified by plant and kind, never by its month: Japanese decks number
willow 11 and paulownia 12, Korean decks the other way round (seed 000 calls the rain
suit December). Month numbers only appear in the compact codes a player types, in the
tradition the game chooses (``months="kr"`` for Go-Stop, ``"jp"`` for Koi-Koi).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, cast

from scorer.decks.base import (
    Lexicon,
    Problem,
    Token,
    count_copies,
    named,
    normalize,
    raise_if_problems,
    tokenize,
    unknown_problem,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

Months = Literal["jp", "kr"]


class Plant(Enum):
    PINE = "pine"
    PLUM = "plum"
    CHERRY = "cherry"
    WISTERIA = "wisteria"
    IRIS = "iris"
    PEONY = "peony"
    CLOVER = "clover"
    PAMPAS = "pampas"
    CHRYSANTHEMUM = "chrysanthemum"
    MAPLE = "maple"
    WILLOW = "willow"
    PAULOWNIA = "paulownia"

    def month(self, months: Months) -> int:
        jp = _PLANT_ORDER.index(self) + 1
        if months == "kr" and self in (Plant.WILLOW, Plant.PAULOWNIA):
            return 23 - jp  # willow 11 <-> 12, paulownia 12 <-> 11
        return jp


_PLANT_ORDER = list(Plant)


class Kind(Enum):
    BRIGHT = "bright"
    ANIMAL = "animal"
    RIBBON = "ribbon"
    JUNK = "junk"
    BONUS = "bonus"


# A photo's cards are counted by kind in this order, the order a captured pile is laid out
# in (scorer.decks.Deck.pile_kinds).
PILE_KINDS = tuple(k.value for k in Kind)


class RibbonColour(Enum):
    RED_POEM = "red-poem"  # pine, plum, cherry: red with writing (hongdan, akatan)
    BLUE = "blue"  # peony, chrysanthemum, maple (cheongdan, aotan)
    PLAIN_RED = "plain-red"  # wisteria, iris, clover (chodan)
    RAIN = "rain"  # willow: belongs to no set


class JunkVariant(Enum):
    PLAIN = "plain"
    LIGHTNING = "lightning"  # the willow junk
    DOUBLE = "double"  # the paulownia ssangpi
    BONUS2 = "bonus2"
    BONUS3 = "bonus3"


class HanafudaCard(NamedTuple):
    """One physical card. ``copy`` tells apart the interchangeable plain junk (1, 2)."""

    plant: Plant | None
    kind: Kind
    variant: JunkVariant | None = None
    copy: int = 0

    # -- identity and text -------------------------------------------------------------
    @property
    def id(self) -> str:
        if self.kind is Kind.BONUS:
            return "bonus-3" if self.variant is JunkVariant.BONUS3 else "bonus-2"
        assert self.plant is not None
        base = f"{self.plant.value}-{self.kind.value}"
        if self.variant is JunkVariant.DOUBLE:
            return base + "-double"
        if self.copy:
            return f"{base}-{self.copy}"
        return base

    @property
    def design(self) -> str:
        """The printed design: both plain junk of a month look alike (the classifier's class)."""
        if self.kind is Kind.JUNK and self.variant is JunkVariant.PLAIN:
            assert self.plant is not None
            return f"{self.plant.value}-junk"
        return self.id

    def code(self, months: Months = "kr") -> str:
        """Compact code in a month tradition: '1b', '8a', '9r', '1j2', '11jd' (kr)."""
        if self.kind is Kind.BONUS:
            return "b3" if self.variant is JunkVariant.BONUS3 else "b2"
        assert self.plant is not None
        letter = _KIND_LETTER[self.kind]
        suffix = ""
        if self.variant is JunkVariant.DOUBLE:
            suffix = "d"
        elif self.copy:
            suffix = str(self.copy)
        return f"{self.plant.month(months)}{letter}{suffix}"

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"HanafudaCard.parse({self.id!r})"

    @classmethod
    def parse(cls, text: str, months: Months = "kr") -> HanafudaCard:
        """One card from any spelling; a generic plain junk ('pine-junk', '1j') gives copy 1."""
        # (mypy joins two NamedTuples to a bare tuple where it should take their union)
        value = cast("HanafudaCard | JunkGroup",
                     named(_lookup(text, months), text, "card", lambda: _lexicon(months)))
        return value if isinstance(value, HanafudaCard) else value.copies[0]

    # -- scoring attributes ------------------------------------------------------------
    def month(self, months: Months) -> int | None:
        return self.plant.month(months) if self.plant else None

    @property
    def is_rain_bright(self) -> bool:
        return self.kind is Kind.BRIGHT and self.plant is Plant.WILLOW

    @property
    def is_bird(self) -> bool:
        """The godori birds: plum warbler, wisteria cuckoo, pampas geese.

        Seed 000: "El ave de diciembre no cuenta en esta regla. Tampoco la Garza de enero."
        Seed 004: "las aves de febrero, abril y agosto suman 5 para Godori."
        """
        return self.kind is Kind.ANIMAL and self.plant in (Plant.PLUM, Plant.WISTERIA, Plant.PAMPAS)

    @property
    def ribbon_colour(self) -> RibbonColour | None:
        if self.kind is not Kind.RIBBON:
            return None
        assert self.plant is not None
        return _RIBBON_COLOUR[self.plant]

    @property
    def has_poem(self) -> bool:
        return self.ribbon_colour in (RibbonColour.RED_POEM, RibbonColour.BLUE)

    @property
    def is_double_junk(self) -> bool:
        """Printed as double junk in Korean decks: the lightning and the paulownia ssangpi.

        Seed 004: "La chatarra de color de noviembre y la basura de lluvia de diciembre
        cuentan como dos unidades cada una." Whether a game counts it double is the preset's.
        """
        return self.variant in (JunkVariant.LIGHTNING, JunkVariant.DOUBLE)

    @property
    def bonus_units(self) -> int:
        """Junk units printed on a bonus card (seed 000's 'topi' counts as double junk)."""
        if self.variant is JunkVariant.BONUS3:
            return 3
        return 2 if self.variant is JunkVariant.BONUS2 else 0

    @property
    def is_dual_role(self) -> bool:
        """Animal cards a player may count as double junk instead.

        Seed 000: "Existen 2 cartas que no tienen un animal definido (Septiembre y mayo).
        Estas cartas pueden ser consideradas también como doble sangre." The chrysanthemum
        cup is dual in every Korean rule set; the iris bridge only where a preset says so.
        """
        return self.kind is Kind.ANIMAL and self.plant in (Plant.CHRYSANTHEMUM, Plant.IRIS)

    @property
    def junk_variant(self) -> str | None:
        return self.variant.value if self.variant else None

    def name(self, lang: str = "en") -> str:
        if self.kind is Kind.BONUS:
            n = self.bonus_units
            return f"Bonus card ({n} junk)" if lang != "es" else f"Carta extra ({n} sangre)"
        assert self.plant is not None
        special = _SPECIAL_NAMES.get(self.id) or _SPECIAL_NAMES.get(self.design)
        plant = _PLANT_NAMES[self.plant][0 if lang != "es" else 1]
        kind = _KIND_NAMES[self.kind][0 if lang != "es" else 1]
        if special:
            return f"{plant} {kind} ({special[0 if lang != 'es' else 1]})"
        copy = f" {self.copy}" if self.copy else ""
        return f"{plant} {kind}{copy}"

    def native(self) -> str:
        """Japanese and Korean terms, shown beside the translated name."""
        if self.kind is Kind.BONUS:
            return f"bonus-pi / {'sampi' if self.bonus_units == 3 else 'ssangpi'}"
        assert self.plant is not None
        jp_plant, kr_plant = _PLANT_NATIVE[self.plant]
        jp_kind, kr_kind = _KIND_NATIVE[self.kind]
        if self.variant is JunkVariant.DOUBLE:
            kr_kind = "ssangpi"
        return f"{jp_plant} no {jp_kind} / {kr_plant} {kr_kind}"


class JunkGroup(NamedTuple):
    """What a generic token such as 'pine-junk' names: any free plain junk of that plant."""

    plant: Plant
    copies: tuple[HanafudaCard, ...]


_KIND_LETTER = {Kind.BRIGHT: "b", Kind.ANIMAL: "a", Kind.RIBBON: "r", Kind.JUNK: "j"}

_RIBBON_COLOUR = {
    Plant.PINE: RibbonColour.RED_POEM,
    Plant.PLUM: RibbonColour.RED_POEM,
    Plant.CHERRY: RibbonColour.RED_POEM,
    Plant.WISTERIA: RibbonColour.PLAIN_RED,
    Plant.IRIS: RibbonColour.PLAIN_RED,
    Plant.PEONY: RibbonColour.BLUE,
    Plant.CLOVER: RibbonColour.PLAIN_RED,
    Plant.CHRYSANTHEMUM: RibbonColour.BLUE,
    Plant.MAPLE: RibbonColour.BLUE,
    Plant.WILLOW: RibbonColour.RAIN,
}

# Which non-junk cards each plant has (Japanese month order); the rest of its 4 are junk.
_FACES: dict[Plant, tuple[Kind, ...]] = {
    Plant.PINE: (Kind.BRIGHT, Kind.RIBBON),
    Plant.PLUM: (Kind.ANIMAL, Kind.RIBBON),
    Plant.CHERRY: (Kind.BRIGHT, Kind.RIBBON),
    Plant.WISTERIA: (Kind.ANIMAL, Kind.RIBBON),
    Plant.IRIS: (Kind.ANIMAL, Kind.RIBBON),
    Plant.PEONY: (Kind.ANIMAL, Kind.RIBBON),
    Plant.CLOVER: (Kind.ANIMAL, Kind.RIBBON),
    Plant.PAMPAS: (Kind.BRIGHT, Kind.ANIMAL),
    Plant.CHRYSANTHEMUM: (Kind.ANIMAL, Kind.RIBBON),
    Plant.MAPLE: (Kind.ANIMAL, Kind.RIBBON),
    Plant.WILLOW: (Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON),
    Plant.PAULOWNIA: (Kind.BRIGHT,),
}


def _build_deck() -> tuple[HanafudaCard, ...]:
    cards: list[HanafudaCard] = []
    for plant in Plant:
        for kind in _FACES[plant]:
            cards.append(HanafudaCard(plant, kind))
        if plant is Plant.WILLOW:
            cards.append(HanafudaCard(plant, Kind.JUNK, JunkVariant.LIGHTNING))
        elif plant is Plant.PAULOWNIA:
            cards.append(HanafudaCard(plant, Kind.JUNK, JunkVariant.DOUBLE))
            cards += [HanafudaCard(plant, Kind.JUNK, JunkVariant.PLAIN, c) for c in (1, 2)]
        else:
            cards += [HanafudaCard(plant, Kind.JUNK, JunkVariant.PLAIN, c) for c in (1, 2)]
    return tuple(cards)


DECK: tuple[HanafudaCard, ...] = _build_deck()
BONUS_2 = HanafudaCard(None, Kind.BONUS, JunkVariant.BONUS2)
BONUS_3 = HanafudaCard(None, Kind.BONUS, JunkVariant.BONUS3)
BONUS_CARDS = (BONUS_2, BONUS_3)
ALL_CARDS: tuple[HanafudaCard, ...] = DECK + BONUS_CARDS
# Korean packs carry a few bonus cards; we accept up to two double-junk bonus cards and one
# triple. A preset that plays "sin comodines" (seed 004) rejects them altogether.
MAX_COPIES: dict[HanafudaCard, int] = {**{c: 1 for c in DECK}, BONUS_2: 2, BONUS_3: 1}
_ORDER = {c: i for i, c in enumerate(ALL_CARDS)}
BY_ID = {c.id: c for c in ALL_CARDS}


def sort_key(card: HanafudaCard) -> int:
    return _ORDER[card]


# -- names and aliases -----------------------------------------------------------------
# (English, Spanish) — Spanish words are the seeds' own (luz, animal, bandera, sangre).
_PLANT_NAMES = {
    Plant.PINE: ("Pine", "Pino"),
    Plant.PLUM: ("Plum", "Ciruelo"),
    Plant.CHERRY: ("Cherry", "Cerezo"),
    Plant.WISTERIA: ("Wisteria", "Glicina"),
    Plant.IRIS: ("Iris", "Lirio"),
    Plant.PEONY: ("Peony", "Peonía"),
    Plant.CLOVER: ("Bush clover", "Trébol"),
    Plant.PAMPAS: ("Pampas (moon)", "Eulalia (luna)"),
    Plant.CHRYSANTHEMUM: ("Chrysanthemum", "Crisantemo"),
    Plant.MAPLE: ("Maple", "Arce"),
    Plant.WILLOW: ("Willow (rain)", "Sauce (lluvia)"),
    Plant.PAULOWNIA: ("Paulownia", "Paulonia"),
}
# (Japanese, Korean romanisation)
_PLANT_NATIVE = {
    Plant.PINE: ("matsu", "song"),
    Plant.PLUM: ("ume", "maejo"),
    Plant.CHERRY: ("sakura", "beotkkot"),
    Plant.WISTERIA: ("fuji", "heukssari"),
    Plant.IRIS: ("ayame", "nancho"),
    Plant.PEONY: ("botan", "moran"),
    Plant.CLOVER: ("hagi", "hongssari"),
    Plant.PAMPAS: ("susuki", "gongsan"),
    Plant.CHRYSANTHEMUM: ("kiku", "gukjin"),
    Plant.MAPLE: ("momiji", "danpung"),
    Plant.WILLOW: ("yanagi", "bi"),
    Plant.PAULOWNIA: ("kiri", "ttong"),
}
_PLANT_ALIASES = {
    Plant.PINE: ["pine", "pino", "matsu", "song", "sol"],
    Plant.PLUM: ["plum", "ciruelo", "ume", "maejo", "maehwa"],
    Plant.CHERRY: ["cherry", "cerezo", "sakura", "beotkkot", "beot"],
    Plant.WISTERIA: ["wisteria", "glicina", "fuji", "heukssari"],
    Plant.IRIS: ["iris", "lirio", "ayame", "nancho", "nanchho"],
    Plant.PEONY: ["peony", "peonía", "botan", "moran"],
    Plant.CLOVER: ["clover", "bush-clover", "trébol", "hagi", "hongssari", "lespedeza"],
    Plant.PAMPAS: ["pampas", "eulalia", "susuki", "gongsan", "moon-grass"],
    Plant.CHRYSANTHEMUM: ["chrysanthemum", "crisantemo", "kiku", "gukjin", "guk"],
    Plant.MAPLE: ["maple", "arce", "momiji", "danpung"],
    Plant.WILLOW: ["willow", "rain", "sauce", "lluvia", "yanagi", "bi"],
    Plant.PAULOWNIA: ["paulownia", "paulonia", "kiri", "ttong", "odong"],
}
_KIND_NAMES = {
    Kind.BRIGHT: ("bright", "luz"),
    Kind.ANIMAL: ("animal", "animal"),
    Kind.RIBBON: ("ribbon", "bandera"),
    Kind.JUNK: ("junk", "sangre"),
}
_KIND_NATIVE = {
    Kind.BRIGHT: ("hikari", "gwang"),
    Kind.ANIMAL: ("tane", "yeol"),
    Kind.RIBBON: ("tanzaku", "tti"),
    Kind.JUNK: ("kasu", "pi"),
    Kind.BONUS: ("-", "bonus-pi"),
}
_KIND_ALIASES = {
    Kind.BRIGHT: ["bright", "light", "luz", "brillante", "hikari", "gwang", "kwang"],
    Kind.ANIMAL: ["animal", "tierra", "tane", "yeol", "yeolkkeut", "kkeut", "ggeut"],
    Kind.RIBBON: ["ribbon", "bandera", "cinta", "tanzaku", "tan", "tti", "ddi"],
    Kind.JUNK: ["junk", "chaff", "sangre", "basura", "chatarra", "kasu", "pi", "pee"],
}
# Card-specific names: (English, Spanish) display plus extra aliases in every language.
_SPECIAL_NAMES: dict[str, tuple[str, str]] = {
    "pine-bright": ("crane", "grulla"),
    "cherry-bright": ("curtain", "cortina"),
    "pampas-bright": ("moon", "luna"),
    "willow-bright": ("rain man", "hombre de la lluvia"),
    "paulownia-bright": ("phoenix", "fénix"),
    "plum-animal": ("warbler", "ruiseñor"),
    "wisteria-animal": ("cuckoo", "cuco"),
    "iris-animal": ("bridge", "puente"),
    "peony-animal": ("butterflies", "mariposas"),
    "clover-animal": ("boar", "jabalí"),
    "pampas-animal": ("geese", "gansos"),
    "chrysanthemum-animal": ("sake cup", "copa de sake"),
    "maple-animal": ("deer", "ciervo"),
    "willow-animal": ("swallow", "golondrina"),
    "pine-ribbon": ("red poem", "roja con texto"),
    "plum-ribbon": ("red poem", "roja con texto"),
    "cherry-ribbon": ("red poem", "roja con texto"),
    "peony-ribbon": ("blue", "azul con texto"),
    "chrysanthemum-ribbon": ("blue", "azul con texto"),
    "maple-ribbon": ("blue", "azul con texto"),
    "wisteria-ribbon": ("plain red", "roja sin texto"),
    "iris-ribbon": ("plain red", "roja sin texto"),
    "clover-ribbon": ("plain red", "roja sin texto"),
    "willow-ribbon": ("rain", "de lluvia"),
    "willow-junk": ("lightning, double", "rayo, doble"),
    "paulownia-junk-double": ("double, ssangpi", "doble, ssangpi"),
}
_SPECIAL_ALIASES: dict[str, list[str]] = {
    "pine-bright": ["crane", "grulla", "tsuru", "hak"],
    "cherry-bright": ["curtain", "cortina", "maku"],
    "pampas-bright": ["moon", "luna", "tsuki", "full-moon"],
    "willow-bright": ["rain-man", "rain-bright", "michikaze", "ono-no-michikaze", "bigwang"],
    "paulownia-bright": ["phoenix", "fenix", "hoo", "bonghwang"],
    "plum-animal": ["warbler", "bush-warbler", "nightingale", "ruiseñor", "uguisu"],
    "wisteria-animal": ["cuckoo", "cuco", "hototogisu"],
    "iris-animal": ["bridge", "puente", "yatsuhashi"],
    "peony-animal": ["butterflies", "butterfly", "mariposas", "cho"],
    "clover-animal": ["boar", "jabali", "inoshishi"],
    "pampas-animal": ["geese", "goose", "gansos", "kari"],
    "chrysanthemum-animal": ["cup", "sake", "sake-cup", "copa", "sakazuki", "gukjin-yeol"],
    "maple-animal": ["deer", "ciervo", "shika"],
    "willow-animal": ["swallow", "golondrina", "tsubame"],
    "willow-junk": ["lightning", "rayo", "thunder", "willow-lightning"],
    "paulownia-junk-double": ["ssangpi", "ssang-pi", "paulownia-double", "kiri-double"],
    "bonus-2": ["bonus2", "b2", "topi", "bonus-ssangpi", "extra"],
    "bonus-3": ["bonus3", "b3", "sampi", "bonus-sampi"],
}

_LEXICONS: dict[str, Lexicon[HanafudaCard | JunkGroup]] = {}
_QUICK: dict[str, dict[str, HanafudaCard | JunkGroup]] = {}


def _quick(months: Months) -> dict[str, HanafudaCard | JunkGroup]:
    """Ids and compact codes only: enough for record files, and 50x cheaper to build than
    the full lexicon of names in four languages, which is built on the first miss."""
    quick = _QUICK.get(months)
    if quick is None:
        quick = {}
        for card in ALL_CARDS:
            quick[card.id.replace("-", "")] = card
            quick[card.code(months)] = card
        for plant in Plant:
            plains = tuple(c for c in DECK if c.plant is plant and c.variant is JunkVariant.PLAIN)
            if plains:
                group = JunkGroup(plant, plains)
                quick[f"{plant.value}junk"] = quick[f"{plant.month(months)}j"] = group
            else:  # willow: its only junk is the lightning
                quick[f"{plant.month(months)}jl"] = BY_ID["willow-junk"]
        _QUICK[months] = quick
    return quick


def _lookup(text: str, months: Months) -> HanafudaCard | JunkGroup | None:
    hit = _quick(months).get(normalize(text))
    return hit if hit is not None else _lexicon(months).get(text)


def _lexicon(months: Months) -> Lexicon[HanafudaCard | JunkGroup]:
    lex = _LEXICONS.get(months)
    if lex is None:
        lex = _LEXICONS[months] = _build_lexicon(months)
    return lex


def _build_lexicon(months: Months) -> Lexicon[HanafudaCard | JunkGroup]:
    lex: Lexicon[HanafudaCard | JunkGroup] = Lexicon(
        (spelling, card) for card in ALL_CARDS for spelling in (card.id, card.code(months))
    )
    for card_id, aliases in _SPECIAL_ALIASES.items():
        for alias in aliases:
            lex.add(alias, BY_ID[card_id])
    for plant in Plant:
        plains = tuple(c for c in DECK if c.plant is plant and c.variant is JunkVariant.PLAIN)
        month = plant.month(months)
        for kind in _FACES[plant]:
            card = HanafudaCard(plant, kind)
            for p in _PLANT_ALIASES[plant]:
                for k in _KIND_ALIASES[kind]:
                    lex.add(f"{p}-{k}", card, show=p == plant.value)
                    lex.add(f"{k}-{p}", card, show=False)
        if plains:
            group = JunkGroup(plant, plains)
            lex.add(f"{plant.value}-junk", group)
            lex.add(f"{month}j", group)
            for p in _PLANT_ALIASES[plant]:
                for k in _KIND_ALIASES[Kind.JUNK]:
                    lex.add(f"{p}-{k}", group, show=p == plant.value and k == "junk")
                    lex.add(f"{k}-{p}", group, show=False)
                    for card in plains:
                        lex.add(f"{p}-{k}-{card.copy}", card, show=False)
        else:  # willow: its only junk is the lightning
            lightning = BY_ID["willow-junk"]
            lex.add(f"{month}jl", lightning)
            for p in _PLANT_ALIASES[plant]:
                for k in _KIND_ALIASES[Kind.JUNK]:
                    lex.add(f"{p}-{k}", lightning, show=False)
    return lex


def aliases(card: HanafudaCard, months: Months = "kr") -> list[str]:
    """Every spelling (normalised) that names exactly this card."""
    return [key for key, value in _lexicon(months) if value == card]


def group_aliases(months: Months = "kr") -> list[tuple[str, JunkGroup]]:
    return [(k, v) for k, v in _lexicon(months) if isinstance(v, JunkGroup)]


def renumber_plain_junk(
    piles: Sequence[Sequence[HanafudaCard]],
) -> tuple[tuple[HanafudaCard, ...], ...]:
    """Each pile sorted, with plain junk numbered across all the piles.

    The two (three) plain junk of a month print alike, so a player typing '1j' and another
    typing '1j' hold pine-junk-1 and pine-junk-2. A copy beyond those the deck holds keeps
    its number (the game's check reports it).
    """
    copies: dict[Plant, list[HanafudaCard]] = {}
    for c in DECK:
        if c.kind is Kind.JUNK and c.variant is JunkVariant.PLAIN:
            assert c.plant is not None
            copies.setdefault(c.plant, []).append(c)
    used: dict[Plant, int] = {}
    out: list[tuple[HanafudaCard, ...]] = []
    for pile in piles:
        cards = []
        for c in pile:
            if c.kind is Kind.JUNK and c.variant is JunkVariant.PLAIN:
                assert c.plant is not None
                i = used.get(c.plant, 0)
                used[c.plant] = i + 1
                if i < len(copies[c.plant]):
                    c = copies[c.plant][i]
            cards.append(c)
        out.append(tuple(sorted(cards, key=sort_key)))
    return tuple(out)


def is_swapped_code(text: str) -> bool:
    """Whether a typed word is a compact code of month 11 or 12 ('11b', '12jd'): the two
    months the Japanese and the Korean numberings swap (willow and paulownia)."""
    word = normalize(text)
    return word[:2] in ("11", "12") and word[2:3].isalpha()


def renumber(text: str, typed: str, wanted: str) -> tuple[str, dict[str, str]]:
    """A pile typed in the ``typed`` numbering, as the ``wanted`` numbering reads it, and
    ``{new code: the word typed}`` for each code it changed.

    The numberings differ only in months 11 and 12, swapped: each code of those months
    gets the other number ('11b' typed in jp is '12b' in kr, the willow bright; '11jl',
    no card in kr, is '12jl', none in jp). Positions stay, so a problem's position is the
    player's; its word is given back with the map.
    """
    if typed == wanted:
        return text, {}
    out: list[str] = []
    said: dict[str, str] = {}
    last = 0
    for token in tokenize(text):
        if not is_swapped_code(token.text):
            continue
        word = normalize(token.text)
        new = ("12" if word.startswith("11") else "11") + word[2:]
        said[new] = token.text
        out += [text[last:token.column], new]
        last = token.column + len(token.text)
    return "".join(out) + text[last:], said


def parse_pile(
    text: str, months: Months = "kr", *, allow_bonus: bool = True
) -> list[HanafudaCard]:
    """Parse a typed pile; every problem (unknown, duplicate, too many) is reported at once.

    A generic plain junk ('pine-junk', '1j') takes the first free copy of that month, so
    'pine-junk pine-junk' is both pine junk; a third is an error naming the cards.
    """
    problems: list[Problem] = []
    specific: list[tuple[Token, HanafudaCard]] = []
    generic: list[tuple[Token, JunkGroup]] = []
    for token in tokenize(text):
        value = _lookup(token.text, months)
        if value is None:
            suggestions = _lexicon(months).suggest(token.text)
            problems.append(unknown_problem(token, "card", suggestions))
        elif isinstance(value, JunkGroup):
            generic.append((token, value))
        else:
            if value.kind is Kind.BONUS and not allow_bonus:
                problems.append(
                    Problem(
                        code="not-in-deck",
                        form="{token} at position {position}: "
                        "this rule set plays without bonus cards",
                        args=(("position", token.position),),
                        token=token.text,
                        position=token.position,
                        column=token.column,
                        cards=(value.id,),
                    )
                )
                continue
            specific.append((token, value))
    cards = [card for _, card in specific]
    counts = count_copies(cards)
    for card, n in counts.items():
        if n > MAX_COPIES[card]:
            where = [t.position for t, c in specific if c == card]
            # Echo what was typed ("'1b' listed 2 times"), naming the card when it differs.
            typed = list(dict.fromkeys(t.text for t, c in specific if c == card))
            also = (f" ({card.id})" if typed[0] != card.id else "") if len(typed) == 1 else (
                f"{''.join(f', {w!r}' for w in typed[1:])} (all {card.id})")
            problems.append(
                Problem(
                    code="duplicate",
                    form="{token}{also} listed {n} times (positions {where}); "
                    "the deck holds {most}",
                    args=(("also", also), ("n", n), ("where", ", ".join(map(str, where))),
                          ("most", MAX_COPIES[card])),
                    token=typed[0],
                    position=where[-1],
                    cards=(card.id,),
                )
            )
    taken = set(counts)
    overflow: dict[Plant, list[Token]] = {}
    for token, group in generic:
        free = next((c for c in group.copies if c not in taken), None)
        if free is None:
            overflow.setdefault(group.plant, []).append(token)
        else:
            taken.add(free)
            cards.append(free)
    for plant, tokens in overflow.items():
        plains = [c.id for c in DECK if c.plant is plant and c.variant is JunkVariant.PLAIN]
        problems.append(
            Problem(
                code="too-many",
                form="too many plain {plant} junk: the deck holds {most} ({plains}); "
                "extra at position {where}",
                args=(("plant", plant.value), ("most", len(plains)),
                      ("plains", ", ".join(plains)),
                      ("where", ", ".join(str(t.position) for t in tokens))),
                token=tokens[0].text,
                position=tokens[0].position,
                column=tokens[0].column,
                cards=tuple(plains),
            )
        )
    raise_if_problems(problems, text)
    return sorted(cards, key=sort_key)


def card_records(lang: str = "en", months: str = "kr") -> list[dict[str, Any]]:
    """Every card of the deck as the record `scorer cards` prints (months: jp or kr)."""
    assert months in ("jp", "kr")
    out = []
    for card in ALL_CARDS:
        attrs = []
        if card.is_rain_bright:
            attrs.append("rain-bright")
        if card.is_bird:
            attrs.append("bird")
        if card.ribbon_colour:
            attrs.append(f"ribbon:{card.ribbon_colour.value}")
        if card.is_double_junk:
            attrs.append("double-junk")
        if card.bonus_units:
            attrs.append(f"bonus:{card.bonus_units}-junk")
        if card.is_dual_role:
            attrs.append("dual-role:animal|double-junk")
        out.append(
            {
                "id": card.id,
                "code": card.code(months),  # type: ignore[arg-type]
                "name": card.name(lang),
                "native": card.native(),
                "plant": card.plant.value if card.plant else None,
                "kind": card.kind.value,
                "month": card.month(months) if card.plant else None,  # type: ignore[arg-type]
                "junk_variant": card.junk_variant,
                "copies": MAX_COPIES[card],
                "attributes": attrs,
            }
        )
    return out


# -- what the photo reader's labels say (scorer.vision) ------------------------------------
def label_fields(label: str | None, *, units: bool = False) -> dict[str, Any]:
    """plant, kind and junk_variant of a photo reader's label (a card's design, or "back"),
    read from the label itself; with ``units``, a bonus card's junk units too
    (``junk_variant`` is for real junk only). ``None``: the same keys, empty."""
    if label is None:
        return {"plant": None, "kind": None, "junk_variant": None}
    if label == "back":
        return {"plant": None, "kind": "back", "junk_variant": None}
    if label.startswith("bonus-"):
        fields: dict[str, Any] = {"plant": None, "kind": "bonus", "junk_variant": None}
        if units:
            fields["bonus_units"] = BY_ID[label].bonus_units
        return fields
    plant, _, rest = label.partition("-")
    kind, _, extra = rest.partition("-")
    variant = None
    if kind == "junk":
        variant = "double" if extra == "double" else "lightning" if plant == "willow" else "plain"
    return {"plant": plant, "kind": kind, "junk_variant": variant}


def design(text: str, months: str = "kr") -> str:
    """The photo reader's label of a typed card: its design (both plain junk of a month
    print alike); ``NotationError`` where it names no card."""
    return HanafudaCard.parse(text, "jp" if months == "jp" else "kr").design


def photo_notation(pieces: Sequence[tuple[str | None, tuple[int, int]]]) -> str:
    """The cards of a photo (label, place), dropped ones (None) and backs left out, as the
    deck's ids in order, each plain junk its own copy (``pine-junk-1``, ``pine-junk-2``);
    ``NotationError`` where they are not a possible pile."""
    kept = " ".join(code for code, _ in pieces if code is not None and code != "back")
    return " ".join(card.id for card in parse_pile(kept))
