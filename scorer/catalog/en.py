"""Every message scorer says, in English, by id (the ids are the same in every language).

One catalog per language (:mod:`scorer.catalog.en`, :mod:`scorer.catalog.es`):
:func:`scorer.i18n.t` says an id in a language. A game's own sentences are in its module
(``messages_en``, ``messages_es``). Only a dict: every typed command loads it.
"""

from scorer.catalog.native import REASONS

MESSAGES: dict[str, str] = {
    # -- Scoring output: tables, payments, presets, decks
    "quick.names-count": "this form is for {n} players ({players}); {given} names given ({names})",
    "quick.names-unique": "each player needs a different name: {names}",
    "code": "Code",
    "id": "Id",
    "card": "Card",
    "tile": "Tile",
    "name": "Name",
    "native": "Native",
    "month": "Month",
    "kind": "Kind",
    "attributes": "Scoring attributes",
    "deck_title.card": "{game} deck: {n} cards",
    "deck_title.tile": "{game} set: {n} tiles",
    "deck_title.hakka-card": "{game} deck: {n} cards",
    "deck_bonus": "{n} bonus",
    "deck_months": "months: {months}",
    "attr.bird": "bird",
    "attr.bonus:2-junk": "bonus:2-junk",
    "attr.bonus:3-junk": "bonus:3-junk",
    "attr.double-junk": "double-junk",
    "attr.dragon": "dragon",
    "attr.dual-role:animal|double-junk": "dual-role:animal|double-junk",
    "attr.elder": "elder",
    "attr.flower": "flower",
    "attr.rain-bright": "rain-bright",
    "attr.ribbon:blue": "ribbon:blue",
    "attr.ribbon:plain-red": "ribbon:plain-red",
    "attr.ribbon:rain": "ribbon:rain",
    "attr.ribbon:red-poem": "ribbon:red-poem",
    "attr.season": "season",
    "attr.terminal": "terminal",
    "attr.wind": "wind",
    "rule": "Rule",
    "cards": "Cards",
    "points": "points",
    "subtotal": "Subtotal",
    "total": "Total",
    "choice": "{card} counted as {role}: {reason}",
    "multiplier": "x{factor} {name}",
    "against": "against {who}",
    "pays": "{payer} pays {payee}: {points} points = {money}",
    "pays_formula": "{payer} pays {payee}: {formula} = {points} points = {money}",
    "net": "Net: {payer} pays {payee} {points} points = {money}",
    "pays_one": "{payer} pays {payee}: {points} point = {money}",
    "pays_formula_one": "{payer} pays {payee}: {formula} = {points} point = {money}",
    "net_one": "Net: {payer} pays {payee} {points} point = {money}",
    "net_even": "Net: {a} and {b} are even",
    "no_payments": "No payments.",
    "more_problems": "… and {n} more problems",
    # -- A photo's warnings (scorer.vision.pipeline), in JSON as English
    "photo.warning": "warning: {text}",
    "photo.too-small": (
        "the tiles found are too small to read; photograph them from closer, with some table "
        "around them"
    ),
    "photo.whole-tile": (
        "no tile outline found; the whole photo was read as one tile (as --single does): "
        "check it"
    ),
    "photo.no-cards": "no cards found in the photo",
    "photo.no-tiles": "no tiles found in the photo",
    "photo.covered": (
        "{n} card(s) covered beyond reading: lift the cards above them, or add them by hand"
    ),
    "photo.tangled": "{n} pair(s) of cards overlap as one card would: check the cards asked about",
    "photo.misshapen": (
        "{n} card outline(s) do not have a card's shape (two touching cards seen as one?): "
        "check the cards asked about"
    ),
    "photo.dropped": "{n} card-like region(s) were not recognised as cards",
    "photo.over": "{n} card(s) read as a card the deck holds fewer of: check the cards asked about",
    # -- A photo pile before it is scored (scorer.vision.confirm): its listing, the
    # questions asked about it, why it cannot be scored; by the deck's unit where Spanish
    # names its pieces
    "photo.hand.no-hand": "these tiles cannot make a hand: {parts}",
    "photo.hand.miscounted": (
        "{tiles} hand tiles ({concealed} concealed, {melds} meld(s), a kong counting as {kong}) "
        "where a hand holds {hand} and the winner's {winner}"
    ),
    "photo.hand.odd-meld": "the meld {where} has {size} tile(s){kong} where a meld has {sizes}",
    "photo.hand.backs": " beside {backs} back(s) (a concealed kong? type it, e.g. [1111m])",
    "photo.hand.or": "{a} or {b}",
    "photo.list.recognised.card": "{image}: {n} recognised",
    "photo.list.recognised.tile": "{image}: {n} recognised",
    "photo.list.recognised.hakka-card": "{image}: {n} recognised",
    "photo.list.backs": "{n} back(s) not scored",
    "photo.list.hidden.card": "{n} covered beyond reading (not scored: add them by hand)",
    "photo.list.hidden.tile": "{n} covered beyond reading (not scored: add them by hand)",
    "photo.list.hidden.hakka-card": "{n} covered beyond reading (not scored: add them by hand)",
    "photo.list.found.card": "{image} ({game}, {width}x{height}): {n} cards",
    "photo.list.found.tile": "{image} ({game}, {width}x{height}): {n} tiles",
    "photo.list.found.hakka-card": "{image} ({game}, {width}x{height}): {n} cards",
    "photo.list.backs-counted": "{n} back(s) counted, not scored",
    "photo.list.hidden-counted.card": "{n} covered beyond reading",
    "photo.list.hidden-counted.tile": "{n} covered beyond reading",
    "photo.list.hidden-counted.hakka-card": "{n} covered beyond reading",
    "photo.list.where": "row {row} group {group}",
    "photo.list.uncertain": "uncertain",
    "photo.list.shows": "({pct}% shows)",
    "photo.list.or": "(or: {alt})",
    # a pile's cards counted by kind (scorer.decks.Deck.pile_kinds)
    "photo.list.kinds": "by kind: {kinds}",
    "photo.kind.bright": "{n:|bright|brights}",
    "photo.kind.animal": "{n:|animal|animals}",
    "photo.kind.ribbon": "{n:|ribbon|ribbons}",
    "photo.kind.junk": "{n} junk",
    "photo.kind.bonus": "{n:|bonus card|bonus cards}",
    # why a piece is asked about whatever its reading (pipeline.DOUBTS)
    "photo.doubt.tangled": "(lies exactly on another card: one card seen twice?)",
    "photo.doubt.misshapen": "(its outline has no card's shape: two cards seen as one?)",
    "photo.doubt.faint": "(the detector is unsure one is there)",
    "photo.doubt.over": "(read more times than the set holds it)",
    "photo.list.pile": "pile: {notation}",
    "photo.list.no-pile": "pile: not a possible pile as recognised ({error})",
    "photo.confirm.card": (
        "#{i} looks like {code} ({confidence}){why}. Enter = accept, or type the right code, "
        "or 'skip': "
    ),
    "photo.confirm.not-a-code": "{answer} is not a {game} code; try again",
    "photo.confirm.hand": "{problem}. Enter = go on with the tiles as found, or 'no' to stop: ",
    "photo.confirm.hand-again": "{answer}: press Enter to go on, or type 'no'",
    "photo.uncertain.card": "{n} uncertain card(s): {cards}",
    "photo.uncertain.tile": "{n} uncertain card(s): {cards}",
    "photo.uncertain.hakka-card": "{n} uncertain card(s): {cards}",
    "photo.pile.uncertain": (
        "photo pile {image} has {uncertain}; run on a terminal to confirm them, pass --yes to "
        "accept them, or type the pile"
    ),
    "photo.pile.no-hand": (
        "photo pile {image}: {uncertain}{problem}; run on a terminal to confirm the photo, pass "
        "--yes to go on with the tiles as found, or type the pile"
    ),
    "photo.pile.stopped": (
        "photo pile {image}: {problem}; stopped: retake the photo, or type the pile"
    ),
    "photo.pile.not-notation": (
        "photo pile {image}: the recognised cards are not a possible pile ({error}); correct "
        "them on a terminal"
    ),
    "photo.pile.unreadable": "photo pile: {error}",
    "photo.pile.none": "photo pile {image}: no cards recognised ({why})",
    "photo.pile.nothing": "nothing recognised",
    # a card-notation problem (scorer.decks.base.Problem) by its code; English says the
    # deck's own message, these say it in other languages from the problem's fields
    "notation.where": " at position {position}",
    "notation.hint": "; did you mean {suggestions}?",
    "notation.unknown": "unknown {what} {token}{where}{hint}",
    "notation.not-valid": "{token}{where} is not a valid {what} ({message})",
    "notation.duplicate": "{token} listed more times than the deck holds{where}",
    "notation.too-many": "too many copies: the deck holds only {cards}{where}",
    "notation.not-in-deck": "{token}{where}: these rules are played without bonus cards",
    "notation.bad-meld": "{token}{where} is not a valid meld ({message})",
    "preset": "preset",
    "description": "description",
    "source": "source",
    "key": "key",
    "value": "value",
    "presets_title": "{game} presets",
    "rules_hint": "Show one: scorer rules {game} PRESET · compare: scorer rules diff {game} A B",
    "resolved_head": "† how this preset reads its source where the source is unclear:",
    "overridden": "* overridden: {items}",
    "from_origin": "{rule} (from {origin})",
    "diff_title": "{game}: {a} vs {b} — {n} rules differ",
    "diff_same": "{a} and {b} agree on every rule.",
    "player": "Player",
    "outcome": "Outcome",
    "winner": "Winner",
    "error": "error",
    "no_score": "no scoring combination",
    "hand_n": "Hand {n}",
    "next_dealer": "Next dealer: {who}",
    "compare_title": "{game}: the same hand under {a} and {b} — {n} items differ",
    "compare_same": "Both rule sets give the same result.",
    "compare_net": "{who}: net {a} → {b} points",
    "payment_item": "{payer} pays {payee}",
    "item": "Item",
    "running_totals": "Running totals (points)",
    "series.match": "match, rounds",
    "series.round": "round, hands",
    "series.game": "game, hands",
    # -- Outcomes of a hand (a game's own are in its catalog: outcome.<id>)
    "outcome.stop": "stop",
    "outcome.nagari": "nagari: nobody stopped, no payment",
    "outcome.instant-win": "instant win",
    "outcome.win": "win",
    # -- Problems every record can have (scorer.games.record)
    "record.whole": "{key} = {value}; expected a whole number from {low} to {high}",
    "record.whole-huge": "{key} = a huge number; expected a whole number from {low} to {high}",
    "record.unknown-key": "unknown key {key}",
    "record.months": (
        "months = {value}; expected jp (willow 11, paulownia 12) or kr (paulownia 11, "
        "willow 12)"
    ),
    "record.months-no-months": "months = {value}: months number hanafuda cards; {game} has none",
    "record.months-hint": (
        "{title} numbers {numbering}; for the other numbering say --months {other} "
        "(months = '{other}' in a record)"
    ),
    "record.months-hint-given": (
        "the codes are read as months = '{used}': {numbering}; for the other numbering "
        "say --months {other} (months = '{other}' in a record)"
    ),
    "record.unknown-key-hint": "unknown key {key}; did you mean {close}?",
    "record.preset-not-name": "preset must be a preset name (see `scorer rules {game}`)",
    "record.rules-file-not-path": "rules_file must be a path string",
    "record.rules-not-table": "[rules] must be a table of rule overrides",
    "record.hands-not-tables": "hands must be [[hands]] tables, one per hand",
    "record.no-players": "no [[players]] tables",
    "record.player-not-table": "players entry {n} must be a table",
    "record.no-name": "missing 'name'",
    # who a record problem is about (RecordProblem.about): a player by name or number
    "about.player": "player {name}",
    "record.names-differ": "player names must differ: {names}",
    "record.dealer-not-player": "{key} is not a player ({names})",
    "record.stake": "stake = {value}; expected a number from 0 to {high} (money per point)",
    "record.currency": "currency must be a string",
    "record.cards-not-text.card": "cards must be a string of card codes",
    "record.cards-not-text.hakka-card": "cards must be a string of card codes",
    "record.cards-not-text.tile": "cards must be a string of tile codes",
    "record.photo-needs-cli": (
        "cards is a photo ({photo}); photos need `scorer score` from the CLI"
    ),
    "record.no-photo": "no photo at {path}",
    "record.not-a-name": "{key} must be a player's name",
    "record.pile-long.card": "{n} cards typed; a pile holds at most {most}",
    "record.pile-long.hakka-card": "{n} cards typed; a pile holds at most {most}",
    "record.pile-long.tile": "{n} tiles typed; a pile holds at most {most}",
    "word.months-kr": "paulownia 11 and willow 12",
    "word.months-jp": "willow 11 and paulownia 12",
    # -- The ledger: tables and lines (scorer ledger ..., the web page's ledger)
    "session": "Session",
    "hand": "Hand",
    "hands": "hands",
    "note": "Note",
    "game": "Game",
    "players": "Players",
    "last": "Last entry",
    "stake": "stake",
    "per_point": "per point",
    "totals_points": "Totals (points)",
    "totals_money": "Totals (money)",
    "no_hands": "No hands yet.",
    "no_sessions": (
        "No sessions yet: start one with `scorer ledger new NAME --game G --players A,B`."
    ),
    "void": "void",
    "replaced_by": "replaced by #{seq}",
    "replaces": "replaces #{seq}",
    "added": "Hand {hand} added: {nets}",
    "replaced": "Hand {old} replaced by {hand}: {nets}",
    "voided": "Hand {hand} voided: {reason}",
    "started": "Session {session} started: {what}",
    "imported": "Session {session} imported: {n} hands",
    "running": "Running totals: {totals}",
    "running_after": "Running totals after {hand}: {totals}",
    "payer": "Payer",
    "payee": "Payee",
    "amount": "Amount",
    "settle_title": "Who pays whom — {what}",
    "settled": "Nobody owes anything.",
    "checked": "Checked: the {n} transfers reproduce every player's total and sum to zero.",
    "checked_one": "Checked: the transfer reproduces every player's total and sums to zero.",
    "by_name": "The sessions' players differ ({groups}): settled by name across them.",
    "when": "When",
    "action": "Action",
    "target": "Affects",
    "reason": "Reason",
    "detail": "Detail",
    "stored": "Stored",
    "rescored": "Re-scored",
    "money": "money",
    "rescore_title": "Hand {hand}: {old} → {new}",
    "payments_old": "Stored payments:",
    "payments_new": "Re-scored payments:",
    "house": "House rules kept: {rules}",
    "not_saved": "Not saved: add --save --reason \"...\" to replace the hand.",
    "entry_head": "Hand {hand} · entered {created} · scorer {version}",
    "entry_void": "Voided: {reason}",
    "entry_differs": (
        "Note: this scorer now scores the hand differently; the ledger keeps what was "
        "stored."
    ),
    "new-session": "new session",
    "add": "add",
    "replace": "replace",
    "ledger.needs-names": (
        "{game}: --ledger needs --names: the session's names for the players {order}, in that "
        "order"
    ),
    "ledger.unknown-command": (
        "scorer ledger: unknown command {command} (commands: {known}) (see --help)"
    ),
    # -- The ledger's problems (LedgerError ids) and slips
    "err.no-sessions": "no sessions yet: start one with `scorer ledger new NAME ...`",
    "err.unknown-session": "unknown session {name}",
    "err.unknown-session-close": "unknown session {name}; did you mean {close}?",
    "err.unknown-session-known": "unknown session {name} (sessions: {known})",
    "err.no-ledger": "no ledger at {path} yet: start one with `scorer ledger new`",
    "err.bad-ref": (
        "{ref} is not a hand: expected SESSION#N, e.g. friday#2 (or N with --session "
        "NAME)"
    ),
    "err.ref-conflict": "{ref} names session {named}, but --session says {given}",
    "err.which-session": (
        "hand {seq}: which session? The ledger has {n}: say {latest}#{seq} (the latest) "
        "or --session NAME; nothing was changed"
    ),
    "err.no-hand": "no hand {hand}: session {session} has hands #1 to #{last}",
    "err.no-hands": "no hand {hand}: session {session} has no hands yet",
    "err.already-void": "hand {hand} is already voided ({reason})",
    "err.already-replaced": "hand {hand} is already replaced by {by} ({reason})",
    "err.empty-reason": "--reason must not be empty",
    "err.save-needs-reason": "--save needs --reason \"why the hand is re-scored\"",
    "err.other-game": "a {game} hand cannot go in session {session} ({session_game})",
    "err.other-currency": "the hand is in {currency}, session {session} in {session_currency}",
    "err.stranger": "player {who} is not in session {session} ({players})",
    "err.series-replace": "{origin}: a hand is replaced by one hand, not a series",
    "err.series-stored": "hand {hand} is stored as a series; it cannot be re-scored",
    "err.no-record": "no record file at {path}",
    "err.name-empty": "the session name must not be empty",
    "err.unknown-game": "unknown game {game} (games: {games})",
    "err.few-players": "a session needs at least 2 players, got {n}",
    "err.player-twice": "player {who} listed more than once",
    "err.player-count": (
        "{game} is played by {span} players{under}; --players gives {n} ({names}), so no "
        "hand could ever be added"
    ),
    "err.stake": "stake = {stake}; expected a number >= 0",
    "err.unknown-preset": "unknown {game} preset {preset} (presets: {presets})",
    "err.session-exists": "a session named {name} already exists",
    "err.unknown-format": "unknown format {fmt}: expected csv or json",
    "err.cannot-write": "cannot write {path} ({why})",
    "err.cannot-read": "cannot read {path} ({why})",
    "err.not-export": "{path}: not a JSON ledger export ({why})",
    "slip.no-cards": "player {who} has no cards line (scored as an empty pile)",
    "slip.fewer": "the hand has {n} players ({names}), session {session} has {m} ({players})",
    "slip.again": "the same hand is already in the ledger as {hand} (entered {created})",
    "slips": "{origin}: {slips}; nothing was added (--yes to add it anyway)",
    # -- The web page (scorer serve)
    "web.title": "Scorer",
    "web.sessions": "Sessions",
    "web.no_sessions": "No sessions yet.",
    "web.new_session": "Start a session",
    "web.name": "Name of the evening",
    "web.players": "Players, separated by commas",
    "web.default": "the game's usual rules",
    "web.stake": "Money per point",
    "web.currency": "Currency (e.g. won, €)",
    "web.start": "Start",
    "web.hand_1": "1 hand",
    "web.hand_n": "{n} hands",
    "web.add_hand": "Add a hand",
    "web.totals": "Totals",
    "web.settle": "Who pays whom",
    "web.owes": "{payer} pays {payee} {amount}",
    "web.seats": "Who sits where",
    "web.photo": "Photo of the cards",
    "web.photo_tiles": "Photo of the tiles",
    "web.typed": "Cards, typed (added to the photo's)",
    "web.typed_tiles": "Tiles, typed (added to the photo's)",
    "web.example": "e.g. {x}",
    "web.read": "Read the photos",
    "web.score": "Score",
    "web.add": "Add to the ledger",
    "web.grid_help": "Tap a card to correct it; uncertain ones are outlined in red.",
    "web.not_a_card": "— not a card —",
    "web.uncertain": "unsure",
    "web.cards_found_1": "1 card found",
    "web.cards_found_n": "{n} cards found",
    "web.hand_facts": "The hand",
    "web.problems": "Please fix:",
    "web.added": "Hand {hand} added.",
    "web.back": "Back to the session",
    "web.back_page": "Back to the page",
    "web.home": "All sessions",
    "web.switch": "Español",
    "web.explanation": "Explanation",
    "web.see": "see",
    "web.refused": "Not allowed",
    "web.forbidden": (
        "This page needs the table's access code. Scan the QR code on the screen of the "
        "computer running scorer serve, or type the code printed under it."
    ),
    "web.wrong_code": (
        "That is not this table's access code. Check it on the host's screen and try "
        "again."
    ),
    "web.code": "Access code",
    "web.enter": "Open",
    "web.wrong_host": (
        "This server does not answer to the name {host!r}. Open the address scorer serve "
        "printed on the host's screen."
    ),
    "web.cross_site": (
        "This request came from another site, so it was refused. Open the table's page "
        "itself and do it there."
    ),
    "web.stale_form": (
        "This form is out of date (it was opened before the server restarted, or on "
        "another page). Go back, reload the page and send it again."
    ),
    "web.typed_file": (
        "{who}: {typed!r} looks like a photo's file name; type the cards, or use the "
        "photo button"
    ),
    "web.not_found": "Not found.",
    "web.session_of": "{game} · rules: {preset} · {stake} per point",
    "web.only_winner": "cards worth {n} points; only the winner scores",
    "web.nobody": "—",
    "web.yes": "yes",
    # -- The web page's form problems (scorer.web.forms)
    "web.form.whole": "{label}: {text!r} is not a whole number",
    "web.form.range": "{label}: {value} is out of range ({low}{top})",
    "web.form.to": " to {high}",
    "web.form.more": " or more",
    "web.form.number": "{label}: {text!r} is not a number",
    "web.form.choice": "{label}: {text!r} is not one of the choices",
    "web.form.seats": "this form is for {n} players ({places}); {seated} are seated ({names})",
    "web.form.seats-differ": "each place needs a different player: {names}",
    # -- The web page's hand form: each game's fields in players' words (scorer.web.words)
    "web.field.captured": "Cards {who} captured",
    "web.field.gos": "Gos {who} called",
    "web.field.stop-called": "Who called stop?",
    "web.field.nobody-stopped": "Nobody (no winner: nagari)",
    "web.field.shakes": "Shakes {who} declared",
    "web.field.bombs": "Bombs {who} played",
    "web.field.instant": "{who} won at once",
    "web.field.four-in-hand": "four of a month in the dealt hand",
    "web.field.three-ppuk": "three ppuk",
    "web.field.cup": "The cup (chrysanthemum animal) counts as",
    "web.field.cup-best": "whatever scores most",
    "web.field.double-junk": "double junk",
    "web.field.animal": "animal",
    "web.field.bak": "A bak a loser suffered, as ticked (rules with bak.from = typed)",
    "web.field.no-bak": "none ticked",
    "web.field.pi-bak": "pi-bak (too little junk)",
    "web.field.gwang-bak": "gwang-bak (no brights)",
    "web.field.meong-bak": "meong-bak (many animals)",
    "web.field.big-hand": "The table agreed this hand is a big hand (daepan)",
    "web.field.month": "Month of the round (1-12)",
    "web.field.koikoi-calls": "Koi-koi calls by {who}",
    "web.field.stopped": "Who stopped?",
    "web.field.nobody-scored": "Nobody scored (the dealer keeps it)",
    "web.field.dealer": "Who dealt?",
    "web.field.dealt": "A win from the dealt hand",
    "web.field.no-dealt-win": "none",
    "web.field.teshi": "teshi (four of a month)",
    "web.field.kuttsuki": "kuttsuki (four pairs)",
    "web.field.redeal": "The table was dealt, so redeal",
    "web.field.tiles": "Tiles of {who}",
    "web.field.went-out": "Who went out?",
    "web.field.wall-ran-out": "Nobody went out (the wall ran out)",
    "web.field.prevailing": "Wind of the round",
    "web.field.east": "East",
    "web.field.south": "South",
    "web.field.west": "West",
    "web.field.north": "North",
    "web.field.winning-tile": "The winning tile",
    "web.field.self-drawn": "The winner drew it from the wall",
    "web.field.discarder": "Whose discard won?",
    "web.field.special": "A special win",
    "web.field.first-draw": "East out on the first tile",
    "web.field.first-discard": "out on East's first discard",
    "web.field.seat-order": "Seat order, counter-clockwise (names, with commas)",
    "web.field.called": "Who called?",
    "web.field.nobody-called": "Nobody called: no score this hand",
    "web.field.won-the-hand": "Who won the hand?",
    "web.field.tricks": "Tricks the winner took",
    "web.field.pattern": "The winning pattern's cards",
    "web.field.dream-card": "The dreamer's card",
    "web.field.five-tigers": "The winner holds the five tigers",
    "web.field.elders": "Elder cards the winner still held",
    "web.field.seat": "Player {n}",
    # issue 43
    "option.twice": "given twice ({first}, then {second}); give it once",
    "err.other-stake": (
        "the hand is at stake {stake} per point, session {session} at {session_stake}"
    ),
    "err.stake-range": "stake = {stake}; expected a number from 0 to {high} (money per point)",
    "err.ref-huge": "{ref} is not a hand: its number is too large (hand numbers go up to {most})",
    "err.record-missing": "{session} is a session; the record file is missing: {command}",
    "compare_title_one": "{game}: the same hand under {a} and {b} — {n} item differs",
    "imported_one": "Session {session} imported: {n} hand",
    "cards.unknown": "unknown deck or game {game}: expected one of {known}",
    "diff_title_one": "{game}: {a} vs {b} — {n} rule differs",
    "more_problems_one": "… and {n} more problem",
    # issue 44
    "web.throttled": (
        "Too many wrong access codes from this device. Wait {seconds} seconds, then type "
        "the code shown on the host's screen."
    ),
    "web.session.name-text": "the session name must be text",
    "web.session.dot-name": "a session cannot be called {name}",
    "web.session.long-name": "the session name has {n} characters; at most {most}",
    "web.session.other-rules": "the rules {preset} are {of}'s, not {game}'s",
    "web.session.stake": "money per point {stake}: expected a number from 0 to {high}",
    "serve.port-taken": (
        "port {port} is already in use on {host} (another scorer serve, or another program); "
        "choose another with --port"
    ),
    "serve.port-refused": (
        "this user may not listen on port {port}; choose one from 1024 up with --port"
    ),
    "serve.no-address": "{host!r} is not an address of this machine; see --host",
    "serve.port-other": "cannot listen on {host} port {port} ({reason})",
    "web.typed_only": "Cards, typed",
    "web.typed_tiles_only": "Tiles, typed",
    "web.tiles_found_1": "1 tile found",
    "web.tiles_found_n": "{n} tiles found",
    "web.grid_help_tiles": "Tap a tile to correct it; unsure ones come first, outlined in red.",
    "web.not_a_tile": "— not a tile —",
    "web.field.bak-typed": "A bak a loser suffered (for rules where the table says the baks)",
    "web.field.not-at-once": "no",
    "web.field.last-source": "Where the winning tile came from",
    "web.field.src-wall": "the wall",
    "web.field.src-discard": "a discard",
    "web.field.src-dead-wall": "the dead wall (a kong's replacement tile)",
    "web.field.src-last-wall": "the last tile of the wall",
    "web.field.src-last-wall-discard": "the discard of the wall's last tile",
    "web.field.src-robbed-kong": "robbed from a kong",
    "web.field.declaration": "A declaration the winner made",
    "web.field.original-call": "original call (ready from the first discard)",
    "web.field.twofold-fortune": "twofold fortune (out on a second kong's replacement)",
    "web.field.east-wins": "Hands East had won in a row before this one",
    "web.preset.gostop.cardavia": "the Cardavia rules table, 2 players",
    "web.preset.gostop.estandar": "standard Korean Go-Stop, 2 or 3 players",
    "web.preset.gostop.familia": "family Go-Stop, 2 or 3 players",
    "web.preset.hakka.tarjetas": "Hakka cards for 4 players",
    "web.preset.koikoi.labsk": "the LaBSK wiki's Koi-Koi (brights 10/8/7/5, ribbons 6, Tsuki-fuda)",
    "web.preset.koikoi.nintendo": "the Nintendo leaflet's values (ribbons 5, no Tsuki-fuda)",
    "web.preset.mahjong.antiguo": "classical Chinese, old scoring (limit 300)",
    "web.preset.mahjong.bmja": (
        "classical Chinese, British association (BMJA): limit 1,000, one chow"
    ),
    "web.preset.mahjong.common": "classical Chinese as usually read: own and round winds, flowers, "
    "limit 500",
    "web.preset.mahjong.dmjl": "classical Chinese, German league (DMJL): limit 500",
    "web.session.player-count": (
        "{game} is not played by {n} players ({names}){under}: no hand could ever be added"
    ),
    "web.session.under": " with the rules {preset}",
    "web.no_session": "There is no session called “{name}”.",
    "web.no_page": "There is no page at this address.",
    "web.all_sessions": "See all sessions",
    "web.no_hand": "There is no hand #{id} in this ledger.",
    "web.game.gostop": "Go-Stop (hwatu)",
    "web.game.koikoi": "Koi-Koi (hanafuda)",
    "web.game.mahjong": "Mahjong (classical Chinese)",
    "web.game.hakka": "Hakka cards",
    "web.whole_photo": "The whole photo, numbered",
    "web.grid_help_cards": "Tap a card to correct it; unsure ones come first, outlined in red.",
    "model.fix": (
        "re-install scorer to restore the shipped models, or retrain with `{command}` (needs "
        "the `train` extra)"
    ),
    "model.unloadable": "cannot load model {path}: {detail}",
    "model.manifest-missing": "model manifest {path} is missing; {fix}",
    "model.manifest-json": "model manifest {path} is not valid JSON ({detail}); {fix}",
    "model.manifest-table": "model manifest {path} has no 'models' table; {fix}",
    "model.absent": "no {game!r} model in {path}; {fix}",
    "model.file-missing": "model file {path} is missing; {fix}",
    "model.altered": (
        "model file {path} does not match its manifest (sha256 {actual}..., expected "
        "{expected}...); {fix}"
    ),
    "model.stride": "model {path} has stride {stride}, expected {expected}",
    "model.labels": "model {path} labels differ from its manifest entry",
    "capture.unwritable": "cannot write the annotated image to {path!r}",
    "capture.camera": "cannot open camera {source}; is it connected and free?",
    "capture.no-video": "--source {source!r}: no such video file (or give a camera index)",
    "capture.not-video": "--source {source!r}: not a video OpenCV can read",
    "camera.title": "scorer camera ({game}) - {status} - Enter captures, Ctrl-C quits",
    "camera.starting": "starting",
    "camera.stable": "stable, {ms} ms/frame",
    "camera.settling": "settling, {ms} ms/frame",
    "camera.confidence": "conf",
    "camera.no-frames": "--source {source!r}: no frames could be read",
    "camera.unsteady": (
        "the pile never stayed the same for {needed} processed frames; showing the last frame"
    ),
    "camera.stopped": "stopped before a pile was captured",
    "image.missing": "image {name!r} does not exist",
    "image.not-file": "{name!r} is not a file",
    "image.empty": "image {name!r} is empty (0 bytes)",
    "image.truncated": "image {name!r} is truncated (the file ends before the image does)",
    "image.undecodable": "{name!r} could not be decoded: {detail}",
    "image.bomb": (
        "image {name!r} claims more than twice the limit of {most} megapixels in its header; "
        "resize it first"
    ),
    "image.heic": "image {name!r} is HEIC/HEIF, which needs pillow-heif: {hint}",
    "image.not-image": "{name!r} is not an image scorer can read (JPEG, PNG, HEIC, WebP, ...)",
    "image.too-big": (
        "image {name!r} is {w}x{h} pixels, above the limit of {most} megapixels; resize it first"
    ),
    "web.upload.body-too-large": (
        "the upload is too large: at most {photo} MB a photo, {most} MB in all"
    ),
    "web.upload.form-unreadable": "the form could not be read; reload the page and send it again",
    "web.upload.too-large": "{name!r} is {size} MB; photos may be at most {most} MB",
    "serve.open": "scorer serve: open {url}",
    "serve.code-new": "Access code: {code} (new)",
    "serve.code-kept": "Access code: {code} (kept across restarts; --new-code makes another)",
    "serve.answers": (
        "The page answers at: {names} (port {port}); other names get 400, requests without "
        "the code 403."
    ),
    # issue 46: one photo of the whole table
    "table.seats.empty": (
        "--seats is empty: expected each player and side, e.g. \"Ana:bottom,Bo:top\", or "
        "names clockwise from the bottom, e.g. \"Ana,Bo\""
    ),
    "table.seats.mixed": (
        "--seats entry {at} {token}: give every player a side (\"Ana:bottom,Bo:top\") or "
        "none (\"Ana,Bo\", clockwise from the bottom), not some"
    ),
    "table.seats.too-many": "--seats names {n} players; a table has {most} sides",
    "table.seats.bad-side": (
        "--seats entry {at} {entry}: {token} is not a side; expected one of {sides}"
    ),
    "table.seats.no-name": "--seats entry {at} {entry}: the player's name is missing",
    "table.seats.same-name": "--seats entries {a} and {b} both name {token}",
    "table.seats.same-side": "--seats entries {a} and {b} both sit at the {token} side",
    "table.swap.no-pile": "there is no pile {n}: the photo shows {piles:|pile|piles}",
    "table.swap.bad": "{token} is not two pile numbers; expected e.g. 1,2",
    "table.give.no-player": "{player} is not seated; the players are {players}",
    "table.touching": (
        "pile {n} may be two players' piles laid touching: move them apart and take the "
        "photo again, or type the piles"
    ),
    "table.empty-seat": "no pile found for {name} ({side})",
    "table.no-piles": "no cards found on the table",
    "table.seat-count": (
        "--seats names {n} players; this game's table photo takes {least} to {most}"
    ),
    "table.needs-table": (
        "{game}: --seats and --swap read a photo of the whole table: add --table PHOTO"
    ),
    "web.table_photo": "One photo of the whole table",
    "web.table_help": (
        "Every player's pile before their seat, a card's length of table between piles; the "
        "players sit clockwise from the bottom of the photo in the seat order above"
    ),
    "web.table_pile": "Pile {n}, given to",
    "table.header": "{image} ({game}, {width}x{height}): {n:|pile|piles}",
    "table.pile": "pile {n}: {player}, {side}, {cards:|card|cards}",
    "table.pile.nobody": "nobody",
    "table.pile.touching": "  ? may be two piles laid touching: asked",
    "table.side.bottom": "bottom",
    "table.side.top": "top",
    "table.side.left": "left",
    "table.side.right": "right",
    "table.confirm.swap": (
        "Enter = piles as given, or two pile numbers to swap (e.g. 1 2): "
    ),
    "table.confirm.touching": (
        "pile {n} may be two players' piles laid touching. Enter = it is {player}'s alone, "
        "or 'no' to stop: "
    ),
    # -- Rule presets: `scorer rules`, a record's rules, a rules file (scorer.games.rules)
    "rules.at": "{origin}: {problem}",
    "rules.unknown-preset": "unknown {game} preset {preset}{hint} (presets: {presets})",
    "rules.did-you-mean": "; did you mean {names}?",
    "rules.no-presets": "no rule presets for game {game} (known: {known})",
    "rules.known-none": "none",
    "rules.unknown-game": "unknown game {game}; expected one of {games}",
    "rules.set-needs-preset": (
        "--set needs a preset to apply to, e.g. scorer rules {game} PRESET --set KEY=VALUE"
    ),
    "rules.set-syntax": "--set {text}: expected key=value, e.g. brights.three=3",
    "rules.unknown-key": "unknown rule {rule}{hint}",
    "rules.out-of-range": "rule {rule} = {value} is out of range; expected {range}{each}",
    "rules.range.from-to": "from {low} to {high}",
    "rules.range.at-least": "at least {low}",
    "rules.range.at-most": "at most {high}",
    "rules.each-item": " for each item",
    "rules.huge": "a huge number",
    "rules.expects": "rule {rule} expects {type}{what}, got {raw}",
    "rules.expects.bool": " (true/false)",
    "rules.expects.int": " (a whole number)",
    "rules.expects.float": " (a number)",
    "rules.expects.list": " (comma-separated)",
    "rules.expects.ints": " (e.g. 1,2)",
    "rules.one-of": "rule {rule} must be one of {choices}; got {raw}",
    "rules.items-among": "rule {rule} items must be among {choices}; got {bad}",
    "rules.toml-syntax": "{name}: TOML syntax error: {error}",
    "rules.toml-deep": "{name}: TOML nested too deeply",
    "rules.number-long": "{name}: a number too long to be a count or a rule value",
    "rules.not-regular": "{path}: not a regular file (a {what} is a TOML file)",
    "rules.too-large": "{path}: larger than {kib} KiB; a {what} is a small TOML file",
    "rules.cannot-read": "{path}: cannot read {what} ({why})",
    "rules.not-text": "{path}: not a text file (a {what} is TOML)",
    "rules.what.record": "record",
    "rules.what.rules file": "rules file",
    "rules.nested": "rule key {rule} is nested more than {depth} tables deep",
    "rules.other-game": "cannot compare {a} rules with {b} rules",
    # -- recognize, camera, serve: their own checks
    "recognize.needs-table": "--seats and --swap read a photo of the whole table: add --table",
    "recognize.rejected": "not a card or tile? (low confidence)",
    "recognize.next": "next: {alternatives}",
    "recognize.none.card": "no card",
    "recognize.none.tile": "no tile",
    "recognize.too-small.card": (
        "no card found: the image is {width}x{height} pixels, too small to show one"
    ),
    "recognize.too-small.tile": (
        "no tile found: the image is {width}x{height} pixels, too small to show one"
    ),
    "annotate.suffix": "--annotate {path}: the file name must end in .png, .jpg or .jpeg",
    "serve.needs-web": (
        "scorer serve needs the web extra: pip install 'scorer[web]' ({name} missing)"
    ),
}

# A game's own sentences, by game and message id (its notes, reasons, problems, outcomes,
# the short terms of a payment's formula): scorer.i18n.say.
# A payment's reasons every game gives alike (scorer.games.kit) are in each game's section:
# formulas, the same in every language (catalog.native.REASONS).

GAMES: dict[str, dict[str, str]] = {
    "gostop": {
        **REASONS,
        "reason.each": "{price_typed}{currency_typed} each",
        "reason.capped": "capped at {who_typed}'s balance",
        "reason.go-bak.for": "go-bak: {payer_typed} pays for {other_typed}",
        "choice.stated": "{role_typed}, as the player stated ({dual_typed} = {role_typed})",
        "choice.tie": "{best} points either way; ties go to {tie_typed} (dual.tie)",
        "choice.best": "{best} points as {role_typed}, {alt} as {other_typed}",
        "choice.payment": (
            "the payments come to {best} as {role_typed}, {alt} as the subtotal would have it "
            "(dual.winner_maximises)"
        ),
        "choice.pibak-protect": (
            "double junk against pi-bak: {units} junk units, not fewer than {limit} ({bare} "
            "without it) (pibak.cup_protects)"
        ),
        "go.double": "{gos} gos: x2 per go from go {start}",
        "go.caller-stop": "stopped after calling go {gos}x",
        "go.reverse": "stopped {who_typed} after their go: reverse go",
        "go.stopper-double": "stopped {who_typed} after their go",
        "meong-bak": "{n} animals (>= {min})",
        "meong-bak.against": "{n} animals (>= {min}); {who_typed} has none",
        "shake": "{n} shake(s)",
        "bomb": "{n} bomb(s)",
        "gwang-bak": "{who_typed} has no brights",
        "pi-bak.typed": "{who_typed}: pi-bak, as typed (baks)",
        "gwang-bak.typed": "{who_typed}: gwang-bak, as typed (baks)",
        "meong-bak.typed": "{who_typed}: meong-bak, as typed (baks)",
        "big-hand": "the table agreed this is a big hand (big_hand)",
        "nagari.carry": "{carry} nagari before this hand",
        "note.override": "rule {key_typed} = {value_typed} (from {origin_typed})",
        "note.rain-brights-zero": "{n} brights including the rain bright score nothing ({key} = 0)",
        "note.nagari": "nobody stopped: nagari, no payments",
        "note.cup-protects": (
            "{card} counts as double junk against pi-bak (pibak.cup_protects): {units} junk units"
        ),
        "note.stopped.score-lost": (
            "called go {gos}x and was stopped: the score of {subtotal} is lost"
        ),
        "note.stopped.go-bak": "called go {gos}x and was stopped: go-bak, pays for every loser",
        "note.stopped.stopper-double": (
            "called go {gos}x and was stopped: the stopper scores double"
        ),
        "term.go-bak.for": "go-bak: {payer} pays for {other}",
        "term.shake": "shake",
        "term.bomb": "bomb",
        "term.go.reverse": "reverse go",
        "term.nagari.carry": "nagari",
        "term.event.brights": "brights",
        "term.balance.cap.cap": "{who} had only {balance} left: pays that (owed {owed})",
        "term.big-hand": "daepan",
        "term.event.money.each": "{price}{currency} each",
        "detail.count": "{count}",
        "detail.extra": "{need} + {extra} extra",
        "detail.short": "{count}; needs {need}",
        "detail.gos": "{gos} go",
        "detail.count.units": "{count} ({units:|unit|units}, {cards:|card|cards})",
        "detail.extra.units": "{need} + {extra} extra ({units:|unit|units}, {cards:|card|cards})",
        "detail.short.units": "{count} ({units:|unit|units}, {cards:|card|cards}); needs {need}",
        "pi-bak": "{who_typed} has {held:|{unit_one}|{unit}} (fewer than {limit})",
        "word.cards": "junk cards",
        "word.units": "junk units",
        "word.protected": "junk units, dual cards as double junk",
        "word.cards_one": "junk card",
        "word.units_one": "junk unit",
        "word.protected_one": "junk unit, dual cards as double junk",
        # -- what is wrong with a hand (the games' Problem codes)
        "gostop.baks.not-played": "{who}: preset {preset!r} plays no {bak} ({key} = 1)",
        "gostop.baks.not-typed": (
            "{who}: baks are found from the piles under preset {preset!r} (bak.from = piles); "
            "leave baks out"
        ),
        "gostop.baks.unknown": "{who}: baks = {shown}; expected some of {kinds}",
        "gostop.baks.winner": "{who} stopped: only a loser suffers a bak",
        "gostop.balance.bad": "{who}: balance = {value}; expected chips held, 0 or more",
        "gostop.big-hand.bad": "big_hand = {value}; expected true or false",
        "gostop.big-hand.not-played": (
            "{key:true}, but preset {preset!r} plays no big hand (bighand.factor = 1)"
        ),
        "gostop.bomb.not-played": "{who}: preset {preset!r} plays without bombs",
        "gostop.card.bonus-too-many": (
            "{card} appears {n} times ({who}); preset {preset!r} allows {allowed}"
        ),
        "gostop.card.in-two-piles": "{card} is in more than one pile: {who}",
        "gostop.card.junk-too-many": (
            "{n} plain {plant} junk across piles ({who}); the deck holds {held} ({cards})"
        ),
        "gostop.count.negative": "{who}: gos, shakes and bombs cannot be negative",
        "gostop.cup.not-dual": (
            "{who}: under preset {preset!r} the cup is not a dual card (dual.cards)"
        ),
        "gostop.cup.unknown": "{who}: cup = {shown}; expected animal or junk",
        "gostop.event.count": "event {n}: count = {shown}; expected 1 to 5 brights sold",
        "gostop.event.from": "event {n}: from = {shown} is not another player ({names})",
        "gostop.event.kind": "event {n}: kind = {shown}; expected one of {kinds}",
        "gostop.event.money": "event {n}: money = {value}; expected an amount above 0",
        "gostop.event.no-price": "event {n}: {kind} has no price ({key} = 0); give price",
        "gostop.event.price": (
            "event {n}: price = {value}; expected a whole number from 1 to {most}"
        ),
        "gostop.event.price-and-money": "event {n}: give price (points) or money, not both",
        "gostop.event.who": "event {n}: who = {shown} is not a player ({names})",
        "gostop.events.too-many": "{n} events; a hand has at most {most}",
        "gostop.fact.not-a-player": "{key} = {value!r} is not a player ({names})",
        "gostop.go-bak.last-go": "go-bak: {who} all called go; say who called last (last_go)",
        "gostop.instant.not-played": "{who}: preset {preset!r} has no instant win for {kind}",
        "gostop.instant.several": "only one instant win per hand: {who}",
        "gostop.instant.unknown": "{who}: instant = {value!r}; expected one of {kinds}",
        "gostop.instant.with-stop": "{who} won instantly, so nobody can have stopped ({stopper})",
        "gostop.load.event-key": (
            "event {n}: unknown key {key!r}; expected kind, who, from, price, count, money"
        ),
        "gostop.load.event-table": "events entry {n} must be a table",
        "gostop.load.events": "events must be [[events]] tables",
        "gostop.load.instant": "instant must be a string",
        "gostop.players.count": "{n:|player|players}, but preset {preset!r} is for {span} players",
        "gostop.players.duplicate-name": "player names must differ: {names}",
        "gostop.shake.not-played": "{who}: preset {preset!r} plays without shakes",
        "gostop.stop.below-target": (
            "{who} stopped with {got} points, below the {need}-point target for {n} players in "
            "preset {preset!r}"
        ),
        "quick.bak": "--bak {item}: expected WHO:BAK, WHO one of {who} and BAK one of {kinds}",
        "quick.cup": "--cup {item}: expected WHO:ROLE, WHO one of {who} and ROLE animal or junk",
        "quick.stop-one": "--stop {stop}: with one opponent say --stop vs",
        "quick.stop-two": "--stop {stop}: with two opponents say --stop vs1 or --stop vs2",
        "quick.vs-count": "--vs given {n} times; Go-Stop is played by 2 or 3 players",
        "quick.vs-gos": "--vs-gos given {n} times, once for each --vs at most ({vs})",
    },
    "hakka": {
        "reason.five-tigers": "five tigers: {points} {per}",
        "reason.five-tigers.privileged": (
            "five tigers: {points} {per}; privileged player pays for {other_typed}"
        ),
        "reason.win": "{tricks} tricks: {points}",
        "reason.win.privileged": (
            "{tricks} tricks: {points}; privileged player pays for {other_typed}"
        ),
        "reason.dreamer": "dreamer's {tricks} tricks: {points}",
        "reason.dreamer.privileged": (
            "dreamer's {tricks} tricks: {points}; privileged player pays for {other_typed}"
        ),
        "note.override": "rule {key_typed} = {value_typed} (from {origin_typed})",
        "note.hand": "hand {n} of {of}",
        "note.void": "nobody called: the hand is void and dealt again, no score",
        "note.roles": "dealer {dealer_typed}, dreamer {dreamer_typed}, called: {called_typed}",
        "note.roles.privileged": (
            "dealer {dealer_typed}, dreamer {dreamer_typed}, called: {called_typed} "
            "(the privileged player)"
        ),
        "note.five-tigers": (
            "five tigers ({cards_typed}): wins {tricks} tricks and {points} points {per} at once"
        ),
        "note.win": "{tricks} tricks: {points} from each active player who lost",
        "note.win.elders": (
            "{won} tricks won + {n} elder cards held ({cards_typed}) = {tricks} >= {min}"
        ),
        "note.win.elders-apart": (
            "{won} tricks won; {n} elder cards held ({cards_typed}) not counted"
        ),
        "note.elder-late": (
            "{card_typed} is not an elder at the start of the game: it became one in play"
        ),
        "note.dreamer.added": (
            "wakes with {wake} tricks + {each} for each card numbered {rank} in the winning "
            "pattern ({matches_typed}): {tricks} tricks"
        ),
        "note.dreamer.matches": (
            "{each} trick for each card numbered {rank} in the winning pattern ({matches_typed}): "
            "{tricks} tricks"
        ),
        "note.dreamer.short": "{tricks} tricks, fewer than {min}: the dreamer collects nothing",
        "note.dreamer.pays": "collects {points} from {payers_typed}",
        "note.privileged.won": "the privileged player won the hand",
        "note.privileged.lost": (
            "the privileged player did not win: pays his own share and {other_typed}'s, "
            "and {other_typed} loses nothing"
        ),
        "note.next.keeps": "{dealer_typed} called as dealer and deals again",
        "note.next.passes": "the deal passes counter-clockwise to {dealer_typed}",
        "outcome.void": "nobody called: void hand, deal again",
        "term.win": "win",
        "term.dreamer": "dreamer",
        "term.five-tigers": "five tigers",
        "term.privileged": "privileged",
        "term.privileged.for": "{payer}, the privileged player, pays for {other}",
        "word.each": "from each active player",
        "word.total": "in all",
        "detail.tricks": "{tricks}",
        "detail.tricks.elders": "{won} + {elders}",
        "detail.tricks.woke": "{wake} + {more}",
        # -- what is wrong with a hand (the games' Problem codes)
        "hakka.bad-pattern": (
            "pattern {cards} is not a run (3+ of one suit in sequence), a set (3+ of one number) "
            "or a single card"
        ),
        "hakka.card-twice": "{card} is in both {places}; the deck holds one",
        "hakka.dream-card-one": "the dreamer holds one card; {key} lists {n}",
        "hakka.dreamer-called": (
            "{who} is the dreamer (opposite the dealer) and takes no part in calling"
        ),
        "hakka.dreamer-wins": "{who} is the dreamer (opposite the dealer) and cannot win the hand",
        "hakka.five-tigers-pattern": "the five tigers are {tigers}; {key}",
        "hakka.five-tigers-split": (
            "five_tigers.points = {points} in all does not share evenly between the two losers"
        ),
        "hakka.five-tigers-tricks": "the five tigers win {want} tricks at once; {key}",
        "hakka.flag": "{key} must be true or false",
        "hakka.game-over": "hand {n} of a game of {hands} hands (game.hands)",
        "hakka.no-call": "who called? ({key:a player}; {void:true} when nobody did)",
        "hakka.no-dealer": "{key} is needed: the dreamer sits opposite him",
        "hakka.no-dream-card": "{key} is needed: the dreamer's one card",
        "hakka.no-pattern": "{key} is needed: the cards of the winning pattern (for the dreamer)",
        "hakka.no-tricks": "{key} is needed: the tricks the winner won",
        "hakka.no-winner": "{key} is needed (or {void:true})",
        "hakka.not-a-player": "{key} is not a player ({seats})",
        "hakka.pattern-tricks": "a pattern of {n} cards wins {n} tricks; {key}",
        "hakka.players": "Hakka cards is played by {count} players; got {n}",
        "hakka.too-few-tricks": (
            "{who} won {won} tricks; a winner needs {min} (tricks won + elder cards held)"
        ),
        "hakka.too-few-tricks.elders": (
            "{who} won {won} tricks + {elders} elder cards; a winner needs {min} (tricks won + "
            "elder cards held)"
        ),
        "hakka.too-many-tricks": (
            "{who} is credited {tricks} tricks; no hand holds more than {max} (12 cards each)"
        ),
        "hakka.void-with-result": "a void hand (nobody called) has no {keys:, }",
        "hakka.whole": "{who}: {key} = {value}; expected a whole number from {low} to {high}",
        "hakka.whole-huge": (
            "{who}: {key} = a huge number; expected a whole number from {low} to {high}"
        ),
        "quick.empty-name": "--players {players}: empty name",
        "word.and": " and ",
        "word.count.game": "the game",
        "word.count.winner": "the winner",
    },
    "koikoi": {
        **REASONS,
        "seven-double": "{points} points (>= {min})",
        "koikoi-double": "{who_typed} called koi-koi {n}x before",
        "koikoi-own-double": "{who_typed} called koi-koi {n}x and then stopped",
        "koikoi-any-double": (
            "koi-koi called {n}x this hand ({me_typed} {mine}, {other_typed} {theirs})"
        ),
        "note.override": "rule {key_typed} = {value_typed} (from {origin_typed})",
        "note.round.round": "round {round}",
        "note.round.month": "month {month} ({plant})",
        "note.round.dealer": "oya {dealer}",
        "note.round.round-month": "round {round} · month {month} ({plant})",
        "note.round.round-dealer": "round {round} · oya {dealer}",
        "note.round.month-dealer": "month {month} ({plant}) · oya {dealer}",
        "note.round.round-month-dealer": "round {round} · month {month} ({plant}) · oya {dealer}",
        "note.viewing-weather": "{rule} not counted: the weather draw came up rain (weather)",
        "note.viewing-rain": (
            "{rule} not counted: rain in the pile, {cards} (viewing.rain = {mode})"
        ),
        "note.viewing-season": (
            "{rule} not counted: month {month} is not its month {own} (viewing.season = only)"
        ),
        "note.viewing-alone": (
            "{rule} not counted: no other yaku beside it (viewing.needs_other_yaku)"
        ),
        "note.superseded": "{rule} not counted beside {by} ({key})",
        "note.rain-sanko": "three brights with the rain man: no Sanko",
        "note.no-month": "no month given: Tsuki-fuda not checked",
        "note.redeal": "the table was dealt {kind}: redeal, no score",
        "note.redeal-cards.teshi": (
            "the table was dealt {kind} (four of month {month} ({plant}): {cards}): redeal, no "
            "score"
        ),
        "note.redeal-cards.kuttsuki": (
            "the table was dealt {kind} (pairs of months {months}: {cards}): redeal, no score"
        ),
        "note.caller-lost": "called koi-koi and {who} scored first: wins nothing",
        "note.oyaken-none": (
            "nobody scored: oya-ken, no points (oyaken.points = 0); the dealer deals again"
        ),
        "note.oyaken": (
            "nobody scored: oya-ken, {points} points to the dealer ({dealer}), who deals again"
        ),
        "note.calls": "called koi-koi {n}x",
        "outcome.draw": "nobody scored: oya-ken",
        "outcome.redeal": "misdeal: deal again",
        "term.seven-double": "7+ points",
        "term.koikoi-double": "koi-koi",
        "term.koikoi-own-double": "own koi-koi",
        "term.koikoi-any-double": "koi-koi",
        "detail.count": "{count}",
        "detail.extra": "{need} + {extra} extra",
        "detail.count.cup": "{count} (sake cup as {cup})",
        "detail.extra.cup": "{need} + {extra} extra (sake cup as {cup})",
        "detail.season": "x2 in month {month}",
        "detail.teshi": "four of month {month} ({plant})",
        "detail.kuttsuki": "pairs of months {months}",
        # -- what is wrong with a hand (the games' Problem codes)
        "koikoi.call-without-yaku": "{who} called koi-koi with no yaku (a call follows a yaku)",
        "koikoi.card-in-both-piles": "{card} is in more than one pile: {who}",
        "koikoi.dealt-and-pile": (
            "{who}'s pile holds {cards}, but the hand ended at the deal ({kind})"
        ),
        "koikoi.dealt-count": "{who}: {n} cards dealt; a deal gives {size}",
        "koikoi.dealt-disagrees": "{who}: dealt = {value!r}, but dealt_cards hold {found}",
        "koikoi.dealt-too-many-junk": (
            "{n} plain {plant} cards dealt ({who}); the deck holds {held}"
        ),
        "koikoi.dealt-twice": "{card} is dealt twice: {who}",
        "koikoi.draw-without-dealer": (
            "nobody stopped: oya-ken pays the dealer; say who dealt (dealer)"
        ),
        "koikoi.instant-and-call": "{who} won at once ({kind}), before any koi-koi call",
        "koikoi.instant-and-stop": (
            "{who} won at once ({kind}), so nobody can have stopped ({stopper})"
        ),
        "koikoi.load.dealt": "dealt must be teshi or kuttsuki",
        "koikoi.load.redeal": "redeal must be teshi or kuttsuki",
        "koikoi.load.round": "round = {round}; rounds count from 1",
        "koikoi.load.weather": "weather = {value}; expected rain or fair (a weather draw)",
        "koikoi.load.whole": "{key} = {value}; expected a whole number",
        "koikoi.load.whole-huge": "{key} = a huge number; expected a whole number",
        "koikoi.match-rounds": "match.rounds = {rounds}: a match is 12, 9, 6 or 3 rounds",
        "koikoi.match-too-long": "round {round} is past the match's {rounds} rounds (match.rounds)",
        "koikoi.players": "Koi-Koi is for 2 players; the record has {n}",
        "koikoi.redeal-and-play": (
            "the table was dealt {kind}: the hand is redealt, so nobody stopped, called koi-koi or "
            "won at once"
        ),
        "koikoi.second-call": (
            "{who} called koi-koi {calls} times; preset {preset!r} allows one call a hand "
            "(koikoi.multiple)"
        ),
        "koikoi.stop-without-yaku": "{who} stopped with no yaku",
        "koikoi.too-many-junk": (
            "{n} plain {plant} junk across piles ({who}); the deck holds {held}"
        ),
        "koikoi.two-instant-wins": "only one instant win a hand: {who}",
        "koikoi.unknown-dealt": "{who}: dealt = {value!r}; expected teshi or kuttsuki",
        "koikoi.unknown-month": (
            "{key}: expected 1 to 12 (Japanese months: willow 11, paulownia 12)"
        ),
        "koikoi.unknown-player": "stopped = {who!r} is not a player ({names})",
        "koikoi.unknown-redeal": (
            "redeal = {value!r}; expected teshi or kuttsuki (dealt on the table)"
        ),
        "koikoi.yaku-without-call": (
            "{who} has a yaku ({made}) but neither stopped nor called koi-koi"
        ),
        "quick.dealt": "--dealt {item}: expected WHO:KIND, e.g. me:teshi",
        "quick.koikoi-count": "--koikoi {item}: {count} is not a number of calls",
        "quick.koikoi-who": "--koikoi {item}: expected WHO:N with WHO me or vs, e.g. me:1",
    },
    "mahjong": {
        "reason.went-out": "{winner_typed} went out with {total}",
        "reason.difference": "difference {high_typed} {hi} - {low_typed} {lo}",
        "reason.east": "East x{factor}",
        "double.own-wind": "{kind} of own wind {wind}",
        "double.prevailing-wind": "{kind} of the prevailing wind {wind}",
        "double.dragon": "{kind} of dragons {tile}",
        "double.one-suit-honours": "all {suit} with honours",
        "double.pure-suit": "all {suit}",
        "double.own-bonus-pair": "own flower {flower} and own season {season}",
        "double.own-bonus": "own flower or season {tile}",
        "double.bonus-set": "all four {set}",
        "double.three-concealed-pungs": "concealed {sets}",
        "double.no-chow": "no chow",
        "double.only-concealed": "only concealed sets",
        "double.zero-points": "the sets score 0",
        "double.only-majors": "only terminals and honours",
        "double.only-honours": "only honours",
        "double.little-three-dragons": "{sets}",
        "double.big-three-dragons": "{sets}",
        "double.little-four-joys": "{sets}",
        "double.big-four-joys": "{sets}",
        "double.dead-wall": "last tile: {source}",
        "double.last-wall": "last tile: {source}",
        "double.last-wall-discard": "last tile: {source}",
        "double.robbed-kong": "last tile: {source}",
        "double.original-call": "original call",
        "calling.purity": "calling for Purity: waits on {tiles}",
        "note.override": "rule {key_typed} = {value_typed} (from {origin_typed})",
        "note.seat": "seat wind: {seat}",
        "note.split.chosen": "reading chosen ({n} possible): {sets} = {total} points",
        "note.split.other": "other reading: {sets} = {total} points",
        "note.split.more": "and {n} more readings of {total} points or fewer",
        "note.on-discard": "{set} completed on the discard counts as exposed",
        "note.seats": "East (dealer): {east}; prevailing wind: {prevailing}",
        "note.draw": "draw: the wall ran down to 14 tiles; nothing is scored",
        "note.bonus-unscored": "flowers and seasons are not scored (bonus.points = 0)",
        "note.tie": "{a} and {b} tie: nothing passes between them",
        "note.discard": "{who} went out on {from}'s discard",
        "note.self-drawn": "{who} drew the winning tile",
        "note.source": "the last tile: {last}",
        "note.declarations": "declared: {declared}",
        "note.east-wins": "East had won {n} hands in a row before this one",
        "note.limit": "limit: {raw} counts as {limit}",
        "note.limit-hand": "limit hand: {value} points (the sets give {sets})",
        "note.limit-part": "{rule}: {value} points, fewer than the sets' {sets}",
        "note.limit-part.tiles": "{rule}: {value} points, fewer than the tiles' {sets}",
        "note.special.first-draw": (
            "special win first-draw: {value} points (the sets give {sets}); the hand scores "
            "{total}"
        ),
        "note.special.first-discard": (
            "special win first-discard: {value} points (the sets give {sets}); the hand scores "
            "{total}"
        ),
        "note.calling": "calling for a limit hand: {value} points (the tiles give {sets})",
        "outcome.draw": "draw: the wall ran down to 14 tiles, nobody scores",
        "term.settle.win": "winning hand",
        "term.settle.difference": "difference",
        "term.east.double": "East",
        "detail.calling": "waits on {tiles}",
        "detail.as-exposed": "= ({set})",
        "detail.wind.seat": "seat",
        "detail.wind.prevailing": "prevailing",
        "detail.wind.seat-prevailing": "seat + prevailing",
        # -- what is wrong with a hand (the games' Problem codes)
        "mahjong.bonus-twice": "{tile} is held by {holders}; the set has one",
        "mahjong.dealer-not-east": "the dealer (East) is {dealer} but {east} sits east",
        "mahjong.discarder-is-winner": "{who} cannot go out on his own discard ({drawn:true})",
        "mahjong.discarder-unknown": "{key} is no player or seat",
        "mahjong.draw-with-winner": "a draw has no winner",
        "mahjong.east-wins": (
            "east_wins = {n}: under these rules East hands on the deal after his ninth win in a "
            "row, so he has won at most 8 before a hand"
        ),
        "mahjong.fifth-copy": "{n} x {tile} between {who}; the set has 4",
        "mahjong.load.bool": "{key} = {value}; expected true or false",
        "mahjong.load.cards-twice": "give the tiles once, as cards (or hand)",
        "mahjong.load.cards-type": "cards must be a string of tile codes",
        "mahjong.load.declarations": "declarations = {value}; expected a list of {choices}",
        "mahjong.load.last-source": "last_source = {value}; expected one of {choices}",
        "mahjong.load.no-tiles": "no tiles (cards = \"123m 55p (777z) ...\")",
        "mahjong.load.prevailing": "prevailing = {value}; expected east, south, west or north",
        "mahjong.load.seat": "seat = {value}; expected east, south, west or north",
        "mahjong.load.special": "special = {value}; expected one of {choices}",
        "mahjong.load.winning-tile": (
            "{key}; expected one tile code, e.g. 5s or east"
        ),
        "mahjong.no-winner": "say who went out ({winner:NAME}) or {draw:true}",
        "mahjong.not-winning": (
            "{where} did not go out: the concealed tiles {tiles} do not make {sets} sets and a "
            "pair (4 sets and a pair in all, melds included)"
        ),
        "mahjong.players": "mahjong is played by 4 players; the record has {n}",
        "mahjong.seat-missing": "give every player a seat or none: {who} have no seat",
        "mahjong.seat-twice": "{holders} both sit {seat}",
        "mahjong.self-drawn-and-discard": "{drawn} and {by} do not go together",
        "mahjong.source-discard-self-drawn": (
            "{key} is another player's tile, but {drawn:true}"
        ),
        "mahjong.source-drawn-discarder": (
            "{key} is a drawn tile, but {by}"
        ),
        "mahjong.special-draw": "a draw has no special win",
        "mahjong.special-first-discard": (
            "special = first-discard is going out on East's ({east}) first discard; East cannot "
            "take his own discard"
        ),
        "mahjong.special-first-discard.other": (
            "special = first-discard is going out on East's ({east}) first discard; the discard "
            "was {discarder}'s"
        ),
        "mahjong.special-first-draw": (
            "special = first-draw is East ({east}) going out on the first tile he draws; {who} "
            "{why}"
        ),
        "mahjong.tile-count": (
            "{where} has {have} tiles ({concealed} concealed); {want_text} (a kong counts as 3)"
        ),
        "mahjong.tile-count.melds": (
            "{where} has {have} tiles ({concealed} concealed + {melds:|meld|melds} x 3); "
            "{want_text} (a kong counts as 3)"
        ),
        "mahjong.too-many-chows": (
            "{where} did not go out: these rules allow {max} chow(s) and the hand reads only with "
            "more"
        ),
        "mahjong.too-many-melds": "{where} shows {n} melds; a hand has at most 4 sets",
        "mahjong.twofold-source": (
            "twofold-fortune is going out on the dead wall's replacement tile; {key}"
        ),
        "mahjong.winner-unknown": "winner = {who!r} is no player or seat",
        "mahjong.winning-tile": "{key} {tile} is not among {who}'s concealed tiles",
        "quick.draw-and-winner": "--draw and --winner do not go together: a draw has no winner",
        "quick.draw-facts": "a draw has no winning tile, discarder or special win",
        "quick.no-winner": "say who went out (--winner SEAT) or --draw",
        "quick.self-drawn-and-discarder": "--self-drawn and --discarder do not go together",
        "word.and": " and ",
        "word.not-east": "is not East",
        "word.on-discard": "went out on a discard",
        "word.want-hand": "a hand holds 13",
        "word.want-winner": "the winner holds 14",
    },
}

# A game's rules by name, by game and rule id (their native names: scorer.catalog.native).
RULES: dict[str, dict[str, str]] = {
    "gostop": {
        "brights.three": "Three brights",
        "brights.three-rain": "Three brights with the rain bright",
        "brights.four": "Four brights",
        "brights.four-rain": "Four brights with the rain bright",
        "brights.five": "Five brights",
        "brights": "Brights",
        "godori": "Three birds",
        "animals": "Animals",
        "ribbons": "Ribbons",
        "hongdan": "Red poem ribbons",
        "cheongdan": "Blue ribbons",
        "chodan": "Plain red ribbons",
        "junk": "Junk",
        "go.points": "Go points",
        "go.double": "Go doubling",
        "go.caller-stop": "Stop after own go",
        "go.stopper-double": "Stopped a go-caller",
        "go-bak": "Go-bak: go-caller pays for all",
        "score-lost": "Score lost",
        "gwang-bak": "No brights",
        "pi-bak": "Too little junk",
        "meong-bak": "Many animals",
        "shake": "Shake",
        "bomb": "Bomb",
        "instant.four-in-hand": "Four of a month in hand",
        "instant.three-ppuk": "Third ppuk",
        "nagari": "Nobody stopped",
        "go.reverse": "Reverse go",
        "nagari.carry": "Nagari carried over",
        "event.ttadak": "Two pairs at once",
        "event.sseul": "Table swept",
        "event.ppeok": "Ppeok taken back",
        "event.first-ppeok": "Ppeok on the first turn",
        "event.three-ppuk": "Third ppuk (side payment)",
        "event.gwang-selling": "Brights sold",
        "event.brights": "Brights sold",
        "balance.cap": "Paid at most the balance",
        "big-hand": "Big hand",
        "pi-bak.typed": "Too little junk (typed)",
        "gwang-bak.typed": "No brights (typed)",
        "meong-bak.typed": "Many animals (typed)",
        "event.money": "Priced in money",
    },
    "hakka": {
        "win": "Winner's tricks",
        "dreamer": "Dreamer",
        "five-tigers": "Five tigers",
        "privileged": "Privileged player pays for another",
        "void": "Nobody called: void",
    },
    "koikoi": {
        "goko": "Five brights",
        "shiko": "Four dry brights",
        "ame-shiko": "Four brights with the rain man",
        "sanko": "Three dry brights",
        "inoshikacho": "Boar, deer and butterflies",
        "tane": "Animals",
        "akatan": "Red poem ribbons",
        "aotan": "Blue ribbons",
        "akaao": "Red poem and blue ribbons",
        "tanzaku": "Ribbons",
        "tsukifuda": "Month cards",
        "kasu": "Plain cards",
        "hanami-zake": "A drink with the flowers",
        "tsukimi-zake": "A drink with the moon",
        "teshi": "Four of a month dealt",
        "kuttsuki": "Four pairs dealt",
        "oya-ken": "Dealer's privilege",
        "seven-double": "Seven or more points",
        "koikoi-double": "Scored after the other's koi-koi",
        "koikoi-own-double": "Stopped after one's own koi-koi",
        "koikoi-any-double": "Koi-koi called this hand",
    },
    "mahjong": {
        "pung.exposed.simple": "Exposed pung of simples (2-8)",
        "pung.exposed.terminal": "Exposed pung of terminals (1 or 9)",
        "pung.exposed.wind": "Exposed pung of winds",
        "pung.exposed.dragon": "Exposed pung of dragons",
        "pung.concealed.simple": "Concealed pung of simples (2-8)",
        "pung.concealed.terminal": "Concealed pung of terminals (1 or 9)",
        "pung.concealed.wind": "Concealed pung of winds",
        "pung.concealed.dragon": "Concealed pung of dragons",
        "kong.exposed.simple": "Exposed kong of simples (2-8)",
        "kong.exposed.terminal": "Exposed kong of terminals (1 or 9)",
        "kong.exposed.wind": "Exposed kong of winds",
        "kong.exposed.dragon": "Exposed kong of dragons",
        "kong.concealed.simple": "Concealed kong of simples (2-8)",
        "kong.concealed.terminal": "Concealed kong of terminals (1 or 9)",
        "kong.concealed.wind": "Concealed kong of winds",
        "kong.concealed.dragon": "Concealed kong of dragons",
        "chow.exposed": "Exposed chow",
        "chow.concealed": "Concealed chow",
        "pair.dragon": "Pair of dragons",
        "pair.wind": "Pair of winds",
        "pair": "Pair",
        "bonus.tile": "Flower or season",
        "out": "Going out",
        "double.own-wind": "Own wind",
        "double.prevailing-wind": "Prevailing wind",
        "double.dragon": "Dragons",
        "double.one-suit-honours": "One suit with honours",
        "double.pure-suit": "All one suit",
        "double.own-bonus": "Own flower or season",
        "double.bonus-set": "Four flowers or four seasons",
        "east.double": "East double",
        "settle.base": "Points",
        "settle.win": "Winner's total",
        "settle.difference": "Difference between losers",
        "special.first-draw": "East out on his first tile",
        "special.first-discard": "Out on East's first discard",
        "limit": "Limit",
        "limit.thirteen-orphans": "Thirteen Orphans",
        "limit.nine-gates": "Nine Gates",
        "limit.only-honours": "Only Honours",
        "limit.heads-and-tails": "Heads and Tails",
        "limit.fourfold-plenty": "Fourfold Plenty",
        "limit.hidden-treasure": "Hidden Treasure",
        "limit.buried-treasure": "Buried Treasure",
        "limit.three-great-scholars": "Three Great Scholars",
        "limit.four-blessings": "Four Blessings Hovering over the Door",
        "limit.all-greens": "All Greens",
        "limit.concealed-true-colour": "Concealed True Colour",
        "limit.squirming-snake": "Squirming Snake",
        "limit.twofold-fortune": "Twofold Fortune",
        "limit.plum-blossom": "Gathering the Plum Blossom from the Roof",
        "limit.plucking-moon": "Plucking the Moon from the Bottom of the Sea",
        "limit.carrying-pole": "Scratching a Carrying Pole",
        "tile.from-wall": "Last tile from the wall",
        "tile.only-possible": "Only possible tile",
        "tile.pair-simple": "Last tile completes a pair of 2-8",
        "tile.pair-major": "Last tile completes a pair of terminals or honours",
        "double.own-bonus-pair": "Own flower and own season",
        "double.three-concealed-pungs": "Three concealed pungs",
        "double.no-chow": "No chow",
        "double.only-concealed": "Only concealed sets",
        "double.zero-points": "Zero-point hand",
        "double.only-majors": "Only terminals and honours",
        "double.only-honours": "Only honours",
        "double.little-three-dragons": "Little three dragons",
        "double.big-three-dragons": "Big three dragons",
        "double.little-four-joys": "Little four joys",
        "double.big-four-joys": "Big four joys",
        "double.dead-wall": "Last tile from the dead wall",
        "double.last-wall": "Last tile of the wall",
        "double.last-wall-discard": "Last tile of the wall, discarded",
        "double.robbed-kong": "Robbing a kong",
        "double.original-call": "Original call",
        "draw": "Draw",
        "limit.wriggling-snake": "Wriggling Snake",
        "limit.knitting": "Knitting",
        "limit.triple-knitting": "Triple Knitting",
        "limit.all-pair-honours": "All Pair Honours",
        "limit.east-nine": "East won nine times in a row",
        "calling.only-honours": "Calling for Only Honours",
        "calling.wriggling-snake": "Calling for Wriggling Snake",
        "calling.triple-knitting": "Calling for Triple Knitting",
        "calling.nine-gates": "Calling for Gates of Heaven",
        "calling.knitting": "Calling for Knitting",
        "calling.all-greens": "Calling for Imperial Jade",
        "calling.thirteen-orphans": "Calling for The 13 Unique Wonders",
        "calling.three-great-scholars": "Calling for Three Great Scholars",
        "calling.all-pair-honours": "Calling for All Pair Honours",
        "calling.heads-and-tails": "Calling for Heads and Tails",
        "calling.four-blessings": "Calling for Four Blessings Hovering over the Door",
        "calling.buried-treasure": "Calling for Buried Treasure",
        "calling.fourfold-plenty": "Calling for Fourfold Plenty",
        "calling.purity": "Calling for Purity",
    },
}
