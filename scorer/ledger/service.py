"""The ledger's domain: hands scored for a session and stored with what they inherit.

The CLI (:mod:`scorer.cli.ledger_run`) and the web page call these; nothing here imports
either. A hand is addressed as the user sees it, ``SESSION#N`` (:func:`find_hand`); the
database id is for JSON documents only.

Everything a hand inherits from the one before it (Koi-Koi's round, month and dealer,
Go-Stop's nagari carry and dealer, mahjong's East) is read, the hand scored and stored, in
one ``BEGIN IMMEDIATE`` transaction (:func:`add_record`): two people adding at once queue,
and the second hand follows the first. Only a photo pile is read before it, since reading
one may wait for the player to confirm a card.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from scorer.ledger import store
from scorer.ledger.messages import LedgerError, problem, problems

if TYPE_CHECKING:
    from fractions import Fraction

    from scorer.explain import HandResult

PileResolver = Callable[[str, str], str]  # (photo path, game) -> typed cards


def money_map_json(points: Mapping[str, Any]) -> dict[str, Any]:
    return {p: store.money_json(v) for p, v in points.items()}


def session_json(s: store.Session) -> dict[str, Any]:
    return {
        "name": s.name,
        "game": s.game,
        "players": list(s.players),
        "stake": store.money_json(s.stake),
        "currency": s.currency,
        "preset": s.preset,
        "overrides": list(s.overrides),
        "created": s.created,
    }


def show_doc(conn: sqlite3.Connection, s: store.Session) -> dict[str, Any]:
    hands = store.session_hands(conn, s.id)
    seq_of = {h.id: h.seq for h in hands}
    run: dict[str, int] = {p: 0 for p in s.players}
    cash: dict[str, Any] = {p: 0 for p in s.players}
    rows = []
    for h in hands:
        if h.counts:
            for p, v in h.points.items():
                run[p] = run.get(p, 0) + v
            for p, m in h.money.items():
                cash[p] = store.money_sum([cash.get(p, 0), m])
        rows.append(
            {
                "id": h.id,
                "seq": h.seq,
                "created": h.created,
                "preset": h.preset,
                "counts": h.counts,
                "replaces": seq_of.get(h.replaces) if h.replaces is not None else None,
                "void": None
                if h.counts
                else {
                    "reason": h.void_reason,
                    "by": seq_of.get(h.void_by) if h.void_by is not None else None,
                },
                "points": dict(h.points),
                "money": money_map_json(h.money),
                "running_points": dict(run),
                "running_money": money_map_json(cash),
            }
        )
    return {
        "schema": "scorer.ledger-session/1",
        "session": session_json(s),
        "hands": rows,
        "totals": {"points": dict(run), "money": money_map_json(cash)},
    }


def settle_sessions(
    conn: sqlite3.Connection, names: Sequence[str], every: bool
) -> tuple[list[store.Session], dict[str, int | Fraction], bool]:
    """The sessions to settle, each player's net money over them, whether groups differ.

    ``every``: all sessions of the same group of players as the first named (or the most
    recent) session. Several names: those sessions, settled by player name. Sessions in
    different currencies cannot be added up and are refused. Amounts stay ints unless a
    stake has a fractional part (``fractions`` costs a typed command a third of its start-up).
    """
    first = store.find_session(conn, names[0] if names else None)
    chosen = [first] + [store.find_session(conn, n) for n in names[1:]]
    if every:
        group = set(first.players)
        chosen += [
            s
            for s, _, _ in store.list_sessions(conn)
            if set(s.players) == group and s.id not in {c.id for c in chosen}
        ]
        chosen.sort(key=lambda s: s.id)
    unique = list({s.id: s for s in chosen}.values())  # a session named twice counts once
    currencies = {s.currency for s in unique}
    if len(currencies) > 1:
        raise LedgerError(
            "cannot settle sessions kept in different currencies: "
            + ", ".join(f"{s.name} ({s.currency or 'none'})" for s in unique)
        )
    net: dict[str, int | Fraction] = {}
    for s in unique:
        for p in s.players:
            net.setdefault(p, 0)
        _, cash = store.totals(store.session_hands(conn, s.id))
        for p, m in cash.items():
            net[p] = net.get(p, 0) + m
    differ = len({frozenset(s.players) for s in unique}) > 1
    return unique, net, differ


def settle_json(
    sessions: Sequence[store.Session], net: Mapping[str, int | Fraction], transfers: Sequence[Any]
) -> dict[str, Any]:
    """The ``scorer.ledger-settle/1`` document: the sessions settled, each player's balance,
    the transfers that square them."""
    return {
        "schema": "scorer.ledger-settle/1",
        "sessions": [s.name for s in sessions],
        "currency": sessions[0].currency,
        "balances": {p: store.money_json(v) for p, v in net.items()},
        "transfers": [
            {"payer": t.payer, "payee": t.payee, "amount": store.money_json(t.amount)}
            for t in transfers
        ],
    }


def check_transfers(net: Mapping[str, int | Fraction], transfers: Sequence[Any]) -> None:
    """The transfers must reproduce every balance exactly (and so sum to zero)."""
    back: dict[str, int | Fraction] = {p: 0 for p in net}
    for t in transfers:
        back[t.payer] -= t.amount
        back[t.payee] += t.amount
    if back != dict(net) or len(transfers) > max(len(net) - 1, 0):
        raise AssertionError(f"settlement does not reproduce the balances: {net} vs {back}")


# -- hands as the user names them -----------------------------------------------------------
class HandRef(NamedTuple):
    """A stored hand: its session, its database id (JSON only) and its number there."""

    session: store.Session
    id: int
    seq: int

    @property
    def name(self) -> str:
        return f"{self.session.name}#{self.seq}"


def parse_ref(text: str) -> tuple[str | None, int]:
    """``'friday#2'`` -> ``('friday', 2)``; ``'2'`` and ``'#2'`` -> ``(None, 2)``. The last
    ``#`` splits, so a session may have one in its name: ``'Table #2#3'`` is its hand 3."""
    name, sep, number = text.strip().rpartition("#")
    if not (number.isascii() and number.isdigit()):
        raise problem("err.bad-ref", ref=_ref_shown(text))
    # SQLite keeps a hand's number in 64 bits, and 5,000 digits are past Python's int-digits
    # limit: a number longer than any session's count is refused as such (issue 43)
    if len(number.lstrip("0")) > len(str(MAX_SEQ)) or int(number) > MAX_SEQ:
        raise problem("err.ref-huge", ref=_ref_shown(text), most=f"{MAX_SEQ:,}",
                      most_es=f"{MAX_SEQ:,}".replace(",", "."))
    if int(number) < 1:
        raise problem("err.bad-ref", ref=repr(text))
    return (name.strip() or None) if sep else None, int(number)


# The largest hand number looked up: far beyond any evening, well inside SQLite's integers.
MAX_SEQ = 10**9


def _ref_shown(text: str) -> str:
    """A hand reference as typed, quoted, cut short past 40 characters."""
    shown = repr(text)
    return shown if len(shown) <= 42 else f"{shown[:40]}…'"


def find_hand(
    conn: sqlite3.Connection, ref: str, session: str | None = None, *, writing: bool = False
) -> HandRef:
    """The hand ``ref`` names: ``SESSION#N``, or ``N`` of ``session``, else of the session
    most recently added to (the one `show` shows). A change (``writing``) to a bare ``N``
    while the ledger holds several sessions is refused: the user says which."""
    name, seq = parse_ref(ref)
    if name is not None and session is not None and name != session:
        raise problem("err.ref-conflict", ref=repr(ref), named=repr(name), given=repr(session))
    name = name if name is not None else session
    s = store.find_session(conn, name)
    if name is None and writing:
        n = store.session_count(conn)
        if n > 1:
            raise problem("err.which-session", seq=seq, n=n, latest=s.name)
    hand_id = store.hand_by_seq(conn, s.id, seq)
    if hand_id is None:
        last = store.last_seq(conn, s.id)
        hand = f"{s.name}#{seq}"
        if last is None:
            raise problem("err.no-hands", hand=hand, session=repr(s.name))
        raise problem("err.no-hand", hand=hand, session=repr(s.name), last=last)
    return HandRef(s, hand_id, seq)


# -- what a hand inherits ---------------------------------------------------------------------
def carried_from_last(conn: sqlite3.Connection, session: store.Session) -> dict[str, Any]:
    """What the session's last counting hand hands on to the next (``Game.next_hand``).

    Called inside the storing transaction (:func:`add_record`). The facts were stored with
    the hand; a hand stored before the ledger kept them is scored again, and one that no
    longer scores (a record from an older scorer) hands on nothing rather than blocking
    the evening.
    """
    from scorer.games.base import get_game

    last = store.last_counting(conn, session.id)
    if last is None:
        return {}
    from scorer.explain import SeriesResult
    from scorer.games.record import score_record

    entry = store.load_hand(conn, last[0])
    kept = entry["result"].get("next_hand")
    if isinstance(kept, dict):  # stored when the hand was added
        return dict(kept)
    try:  # a hand stored before the ledger kept it: score it again
        record, data, _ = stored_record(entry)
        result = score_record(record)
    except (ValueError, KeyError):
        return {}
    if isinstance(result, SeriesResult):
        return {}
    return get_game(session.game).next_hand(last[1], data, result, record.rules)


def inherited_context(conn: sqlite3.Connection, entry: Mapping[str, Any]) -> dict[str, Any]:
    """The facts a stored hand had from the hands before it (round, month, dealer, carry),
    as its record holds them: a replacement keeps them unless it says otherwise.

    They are the keys the game hands on (``next_hand``: the hand's own, else the session's
    last hand's), with the values the replaced hand was scored with.
    """
    kept = entry["result"].get("next_hand")
    keys = set(kept) if isinstance(kept, dict) else set()
    if not keys:
        sess = store.find_session(conn, entry["session"])
        keys = set(carried_from_last(conn, sess))
    record = entry["record"]
    return {k: record[k] for k in sorted(keys) if k in record}


# -- scoring for a session --------------------------------------------------------------------
def _with_session(session: store.Session, data: Mapping[str, Any], origin: str) -> dict[str, Any]:
    """The record with what it leaves out taken from the session (game, preset, stake)."""
    out = dict(data)
    out.setdefault("game", session.game)
    if isinstance(out["game"], str):  # `game = "koi-koi"`: the game's registered name
        from scorer.games.base import game_name

        out["game"] = game_name(out["game"]) or out["game"]
    if session.preset:
        out.setdefault("preset", session.preset)
    out.setdefault("stake", _toml_number(session.stake))
    if session.currency:
        out.setdefault("currency", session.currency)
    if out["game"] != session.game:
        raise problem("err.other-game", game=out["game"], session=repr(session.name),
                      session_game=session.game)
    return out


class Entry(NamedTuple):
    """A record as it is entered: ``origin`` names it in problems, its paths are relative to
    ``base_dir``; ``source_text``, the file as typed (kept with the hand); ``pile_resolver``
    reads its photo piles; ``overrides``, the command's ``--set`` values (after the
    session's); ``assume_yes``: its slips are meant (:func:`slips`)."""

    origin: str
    base_dir: str
    source_text: str | None = None
    pile_resolver: PileResolver | None = None
    overrides: Sequence[str] = ()
    assume_yes: bool = False


def score_for_session(
    session: store.Session,
    data: dict[str, Any],
    *,
    origin: str,
    base_dir: str,
    assume_yes: bool = False,
    overrides: Sequence[str] = (),
    conn: sqlite3.Connection | None = None,
    pile_resolver: PileResolver | None = None,
) -> list[tuple[dict[str, Any], HandResult]]:
    """Fill what the record leaves out from the session, resolve photos, load and score.

    Returns each hand's record as stored (photo piles replaced by the typed cards they were
    read as) and its result: one hand, or every hand of a match or round record, each
    stored as a record of its own. The session's ``--set`` values come first, the
    command's after. With ``conn``, the hand also inherits what the session's last hand
    carries over (the game's ``next_hand``), unless it says otherwise. Storing the result
    later does not keep that inheritance atomic: :func:`add_record` does both at once.
    ``assume_yes`` is the photo resolver's business (kept for callers of old).
    """
    given = _with_session(session, data, origin)
    carried = carried_from_last(conn, session) if conn is not None else {}
    entry = Entry(origin, base_dir, pile_resolver=pile_resolver, overrides=overrides)
    return _score(session, {**carried, **given}, entry)


def _score(
    session: store.Session, data: dict[str, Any], entry: Entry
) -> list[tuple[dict[str, Any], HandResult]]:
    from scorer.explain import SeriesResult
    from scorer.games.record import record_from_data, score_record, series_hands

    base_dir = entry.base_dir
    resolved: dict[str, str] = {}
    resolver = None
    if entry.pile_resolver is not None and _has_photo(data):
        inner = entry.pile_resolver

        def resolver(image: str, game: str) -> str:
            cards: str = inner(image, game)
            resolved[image] = cards
            return cards

    record = record_from_data(
        data, origin=entry.origin, base_dir=base_dir, pile_resolver=resolver,
        overrides=[*session.overrides, *entry.overrides],
    )
    result = score_record(record)
    if isinstance(result, SeriesResult):
        return series_hands(record)  # photo piles are already typed in each hand's record
    if resolved:
        data = _replace_photos(data, base_dir, resolved)
    return [(data, result)]


def _type_photos(
    conn: sqlite3.Connection,
    session: store.Session,
    given: dict[str, Any],
    entry: Entry,
    pile_resolver: PileResolver,
) -> dict[str, Any]:
    """The record with its photo piles read (and confirmed) as typed cards, before the
    storing transaction: a player answering a question must not hold the ledger."""
    from scorer.games.record import record_from_data

    resolved: dict[str, str] = {}

    def resolver(image: str, game: str) -> str:
        cards: str = pile_resolver(image, game)
        resolved[image] = cards
        return cards

    carried = carried_from_last(conn, session)  # a guess: loading may need the dealer
    record_from_data({**carried, **given}, origin=entry.origin, base_dir=entry.base_dir,
                     pile_resolver=resolver, overrides=[*session.overrides, *entry.overrides])
    typed: dict[str, Any] = _replace_photos(given, entry.base_dir, resolved)
    return typed


def _typed_given(
    conn: sqlite3.Connection, session: store.Session, data: Mapping[str, Any], entry: Entry
) -> dict[str, Any]:
    """The record as given, filled from the session, its players checked and its photo piles
    typed: what adding or replacing a hand does before its transaction."""
    given = _with_session(session, data, entry.origin)
    _check_names(session, given)
    if entry.pile_resolver is not None and _has_photo(given):
        given = _type_photos(conn, session, given, entry, entry.pile_resolver)
    return given


def _check_names(session: store.Session, given: Mapping[str, Any]) -> None:
    """Players the session lacks, named before the hand is loaded: what it inherits from
    the session's last hand (a dealer) would otherwise be the first problem said, about a
    name the user never typed (issue 43)."""
    found: list[LedgerError] = []
    for hand in _given_hands(given):
        for p in hand.get("players") or ():
            who = p.get("name") if isinstance(p, dict) else None
            if isinstance(who, str) and who.strip() and who.strip() not in session.players:
                err = problem("err.stranger", who=repr(who.strip()), session=repr(session.name),
                              players=", ".join(session.players))
                if str(err) not in {str(f) for f in found}:
                    found.append(err)
    if found:
        raise problems(found)


def _toml_number(value: int | Fraction) -> int | float:
    return value if isinstance(value, int) else float(value)


def _has_photo(data: Any) -> bool:
    from scorer.media import is_photo_name

    if isinstance(data, str):
        return is_photo_name(data)
    if isinstance(data, dict):
        return any(_has_photo(v) for v in data.values())
    if isinstance(data, list):
        return any(_has_photo(v) for v in data)
    return False


def _replace_photos(data: Any, base_dir: str, resolved: Mapping[str, str]) -> Any:
    if isinstance(data, str):
        return resolved.get(os.path.join(base_dir, data.strip()), data)
    if isinstance(data, dict):
        return {k: _replace_photos(v, base_dir, resolved) for k, v in data.items()}
    if isinstance(data, list):
        return [_replace_photos(v, base_dir, resolved) for v in data]
    return data


# -- slips: hands that score, but are probably not what the player meant ---------------------
def _given_hands(given: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each hand as the user gave it (a series: its top-level keys and its own table)."""
    if isinstance(given.get("hands"), list):
        base = {k: v for k, v in given.items() if k != "hands"}
        return [{**base, **t} for t in given["hands"] if isinstance(t, dict)]
    return [dict(given)]


def slips(
    conn: sqlite3.Connection,
    session: store.Session,
    hands: Sequence[tuple[Mapping[str, Any], HandResult]],
    given: Sequence[Mapping[str, Any]],
    *,
    again: bool = True,
) -> list[LedgerError]:
    """What moves money without a word, each as a problem: a player with no cards line
    among players with one (an empty pile: pi-bak and gwang-bak against him), fewer
    players than the session, and (``again``) a hand the session already holds, which is
    what re-running a command after a crash does. The same hand is one whose every stated
    value the stored one has: what it inherited is not part of what was typed."""
    import json

    from scorer.games.base import get_game

    found: list[LedgerError] = []
    with_cards = "cards" in get_game(session.game).player_keys
    for data, result in hands:
        players = [p for p in data.get("players") or () if isinstance(p, dict)]
        if with_cards and any("cards" in p for p in players):
            found += [problem("slip.no-cards", who=repr(str(p.get("name", "?"))))
                      for p in players if "cards" not in p]
        names = [p.player for p in result.players]
        if len(names) < len(session.players):
            found.append(problem(
                "slip.fewer", n=len(names), names=", ".join(names), session=repr(session.name),
                m=len(session.players), players=", ".join(session.players),
            ))
    if again:
        stored = store.counting_records(conn, session.id)
        for hand in given:
            typed = json.loads(store.dumps(hand))
            same = next((
                (seq, created) for seq, created, record in stored
                if all(k in record and record[k] == v for k, v in typed.items())
            ), None)
            if same is not None:
                found.append(problem("slip.again", hand=f"{session.name}#{same[0]}",
                                     created=same[1][:19].replace("T", " ")))
                break
    return found


def _refuse_slips(found: list[LedgerError], origin: str) -> None:
    if found:
        raise problem("slips", origin=origin, slips=problems(found))


# -- storing -------------------------------------------------------------------------------------
class Added(NamedTuple):
    """A hand just stored: its database id, its number in the session, record and result."""

    id: int
    seq: int
    data: dict[str, Any]
    result: HandResult


def add_record(
    path: str, session_name: str | None, data: Mapping[str, Any], entry: Entry
) -> tuple[store.Session, list[Added], list[store.HandRow]]:
    """Score a record as the session's next hand (or hands: a series) and store it.

    What the hand inherits is read, the hand scored, checked and stored in one
    transaction, so eight people adding at once get rounds 1 to 8. Slips (:func:`slips`)
    are refused in one line unless ``entry.assume_yes``. All of it lands, or nothing.
    Returns the session, the hands added, and every hand of the session after them.
    """
    with store.open_ledger(path, create=True) as conn:
        sess = store.find_session(conn, session_name)
        given = _typed_given(conn, sess, data, entry)
        with store.transaction(conn, path):
            carried = carried_from_last(conn, sess)
            hands = _score(sess, {**carried, **given}, entry)
            _check(conn, sess, hands, entry, _given_hands(given))
            added = [Added(*store.insert_hand(conn, sess, d, r, entry.source_text), d, r)
                     for d, r in hands]
            return sess, added, store.session_hands(conn, sess.id)


def replace_record(
    path: str, ref: str, data: Mapping[str, Any], entry: Entry, *, reason: str,
    session: str | None = None,
) -> tuple[HandRef, Added]:
    """Store a corrected hand in place of ``ref``; it keeps what the replaced hand had
    inherited (round, month, dealer, carry) unless the correction says otherwise."""
    reason = store.check_reason(reason)
    with store.open_ledger(path) as conn:
        old = find_hand(conn, ref, session, writing=True)
        sess = old.session
        given = _typed_given(conn, sess, data, entry)
        with store.transaction(conn, path):
            store.check_counts(conn, old.id)
            context = inherited_context(conn, store.load_hand(conn, old.id))
            hands = _score(sess, {**context, **given}, entry)
            if len(hands) != 1:
                raise problem("err.series-replace", origin=entry.origin)
            _check(conn, sess, hands, entry, [given], again=False)
            [(d, r)] = hands
            hand_id, seq = store.insert_hand(conn, sess, d, r, entry.source_text,
                                             replaces=old.id, reason=reason, action="replace")
            return old, Added(hand_id, seq, d, r)


def _check(
    conn: sqlite3.Connection, sess: store.Session,
    hands: list[tuple[dict[str, Any], HandResult]], entry: Entry,
    given: list[dict[str, Any]], *, again: bool = True,
) -> None:
    """Each scored hand checked against the session, and its slips (``given``: the hands
    as typed) refused unless ``entry.assume_yes``."""
    for d, r in hands:
        store.check_hand(sess, d, r)
    if not entry.assume_yes:
        _refuse_slips(slips(conn, sess, hands, given, again=again), entry.origin)


def void(path: str, ref: str, reason: str, session: str | None = None) -> HandRef:
    """Stop the hand ``ref`` counting (it stays listed, with the reason)."""
    with store.open_ledger(path) as conn:
        hand = find_hand(conn, ref, session, writing=True)
    store.void_hand(path, hand.id, reason)
    return hand



# -- stored hands, scored again ----------------------------------------------------------
def stored_record(
    entry: Mapping[str, Any],
    *,
    preset: str | None = None,
    overrides: Sequence[str] = (),
) -> tuple[Any, dict[str, Any], list[str]]:
    """A stored hand as a loaded record again, under the rules then in force or ``preset``.

    The stored record's ``[rules]`` becomes every rule value the hand was scored with that
    differs from its preset (from a rules file, a table or ``--set``: the house rules), so
    the stored hand needs no file beside it. With another ``preset`` those house rules are
    kept on top of it. Returns the record, its data, and the house rules as k=v.
    """
    from scorer.games.record import record_from_data
    from scorer.games.rules import format_value, load_preset

    data = dict(entry["record"])
    data.pop("rules_file", None)  # its values are in the stored rules
    game = entry["result"]["game"]
    # A preset gives every declared key a value, so a stored key the game no longer
    # declares is one the preset lacks (and reading the key table costs a command 20 ms).
    base = load_preset(game, entry["preset"]).values
    house: dict[str, Any] = {}
    for key, value in entry["rules"].items():
        was = base.get(key)
        if key in base and (list(was) if isinstance(was, tuple) else was) != value:
            house[key] = value
    data["preset"] = preset or entry["preset"]
    data["rules"] = house
    record = record_from_data(
        data, origin=f"hand {entry['session']}#{entry['seq']}", base_dir=os.getcwd(),
        overrides=list(overrides),
    )
    shown = [
        f"{k}={format_value(tuple(v) if isinstance(v, list) else v)}" for k, v in house.items()
    ]
    return record, data, shown


def rescore_stored(
    entry: Mapping[str, Any],
    *,
    preset: str | None = None,
    overrides: Sequence[str] = (),
) -> tuple[HandResult, dict[str, Any], list[str]]:
    """Score a stored hand again (see :func:`stored_record`): result, record data, house
    rules as k=v."""
    from scorer.explain import SeriesResult
    from scorer.games.record import score_record

    record, data, shown = stored_record(entry, preset=preset, overrides=overrides)
    result = score_record(record)
    if isinstance(result, SeriesResult):  # stored hands are one hand each
        raise problem("err.series-stored", hand=f"{entry['session']}#{entry['seq']}")
    return result, data, shown


def scores_differently(entry: Mapping[str, Any], result: HandResult) -> bool:
    """Whether this scorer's result for a stored hand differs from the stored one.

    Like with like: the stored document also keeps what the hand handed on (``next_hand``,
    added when it was stored), which a fresh result does not carry.
    """
    stored = {k: v for k, v in entry["result"].items() if k != "next_hand"}
    fresh = {k: v for k, v in result.to_json().items() if k != "next_hand"}
    return bool(fresh != stored)
