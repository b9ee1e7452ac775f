"""presets/gostop/estandar.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'meta': {'description': 'Go-Stop estándar coreano, 2 o 3 jugadores',
          'source': 'common Korean rules (table talk)',
          'source_es': 'reglas coreanas comunes',
          'resolved': {'instant.four_in_hand': 'Not in the common list of values: we use the usual '
                                               'chongtong value of 10 points; three ppuk 7.',
                       'go.points': 'The common rule of the Go-Stop apps and engines: each go adds '
                                    '1 point (three gos +3) and from the third go the total '
                                    'doubles per go, so 7 points with 3 gos pay (7 + 3) x 2 = 20. '
                                    'The Cardavia table reads differently; see that preset.',
                       'pibak.fewer_than': 'Not in the common list of values: we use the usual '
                                           "'fewer than six junk' (5 units or less)."},
          'resolved_es': {'instant.four_in_hand': 'No está en la lista común de valores: usamos el '
                                                  'valor habitual del chongtong, 10 puntos; el '
                                                  'tercer ppuk, 7.',
                          'go.points': 'La regla común de las aplicaciones y motores de Go-Stop: '
                                       'cada go suma 1 punto (tres gos +3) y desde el tercer go el '
                                       'total se duplica por go, así que 7 puntos con 3 gos pagan '
                                       '(7 + 3) x 2 = 20. La tabla Cardavia lo lee de otra forma; '
                                       'vea ese preset.',
                          'pibak.fewer_than': 'No está en la lista común de valores: usamos el '
                                              "habitual 'menos de seis de sangre' (5 unidades o "
                                              'menos).'}},
 'players': {'min': 2, 'max': 3},
 'target': {'two': 7, 'three': 3},
 'deck': {'bonus_two': 2, 'bonus_three': 1},
 'brights': {'three': 3, 'three_rain': 2, 'four': 4, 'four_rain': 4, 'five': 15},
 'animals': {'min': 5, 'points': 1, 'extra': 1},
 'birds': {'godori': 5},
 'ribbons': {'min': 5, 'points': 1, 'extra': 1, 'red_poem': 3, 'blue': 3, 'plain_red': 3},
 'junk': {'min': 10, 'points': 1, 'extra': 1, 'lightning_units': 2, 'ssangpi_units': 2},
 'dual': {'cards': ['cup'], 'junk_units': 2, 'tie': 'animal', 'winner_maximises': 'subtotal'},
 'go': {'points': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        'double_from': 3,
        'keep_points_when_doubling': True,
        'caller_stop_factor': 1,
        'stopped_by_other': 'go-bak',
        'stopper_factor': 1,
        'reverse_factor': 1},
 'bak': {'two_players_only': False},
 'gwangbak': {'factor': 2, 'needs_bright_score': True},
 'pibak': {'factor': 2,
           'fewer_than': 6,
           'count': 'units',
           'needs_junk_score': True,
           'cup_protects': False,
           'exempt_no_junk': False,
           'fewer_than_three': 0},
 'meongbak': {'factor': 2, 'animals': 7, 'needs_loser_without_animals': False},
 'shake': {'factor': 2, 'count': 'each'},
 'bomb': {'factor': 2, 'count': 'each'},
 'instant': {'four_in_hand': 10, 'three_ppuk': 7},
 'gobak': {'factor': 1, 'factor_on': 'all'},
 'nagari': {'factor': 1, 'cap': 0, 'dealer': 'same'},
 'events': {'ttadak': 1,
            'sseul': 1,
            'ppeok': 1,
            'first_ppeok': 3,
            'three_ppuk': 3,
            'gwang_selling': 1}}
