"""presets/gostop/cardavia.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'meta': {'description': 'Tabla de reglas Cardavia, 2 jugadores',
          'source': 'Cardavia rule table',
          'source_es': 'tabla de reglas Cardavia',
          'resolved': {'go.keep_points_when_doubling': "The Cardavia table: 'desde el tercero Go "
                                                       'cada Go duplica el pago, sin añadir puntos '
                                                       "para los dos primeros' can mean the +1/+2 "
                                                       'of the first two gos are dropped once gos '
                                                       'double, or that they are kept and nothing '
                                                       'more is added. We read it literally: from '
                                                       'the third go the payment is the '
                                                       'combination score doubled per go, without '
                                                       'the +2. Set '
                                                       'go.keep_points_when_doubling=true for the '
                                                       'other reading.'},
          'resolved_es': {'go.keep_points_when_doubling': "La tabla Cardavia: 'desde el tercero Go "
                                                          'cada Go duplica el pago, sin añadir '
                                                          "puntos para los dos primeros' puede "
                                                          'querer decir que el +1/+2 de los dos '
                                                          'primeros gos se pierde cuando los gos '
                                                          'duplican, o que se conserva y no se '
                                                          'añade nada más. Lo leemos al pie de la '
                                                          'letra: desde el tercer go el pago es la '
                                                          'puntuación de las combinaciones '
                                                          'duplicada por go, sin el +2. Use '
                                                          'go.keep_points_when_doubling=true para '
                                                          'la otra lectura.'}},
 'players': {'min': 2, 'max': 2},
 'target': {'two': 7, 'three': 7},
 'deck': {'bonus_two': 0, 'bonus_three': 0},
 'brights': {'three': 3, 'three_rain': 2, 'four': 4, 'four_rain': 4, 'five': 15},
 'animals': {'min': 5, 'points': 1, 'extra': 1},
 'birds': {'godori': 5},
 'ribbons': {'min': 5, 'points': 1, 'extra': 1, 'red_poem': 3, 'blue': 3, 'plain_red': 3},
 'junk': {'min': 10, 'points': 1, 'extra': 1, 'lightning_units': 2, 'ssangpi_units': 2},
 'dual': {'cards': ['cup'], 'junk_units': 2, 'tie': 'animal', 'winner_maximises': 'subtotal'},
 'go': {'points': [1, 2],
        'double_from': 3,
        'keep_points_when_doubling': False,
        'caller_stop_factor': 1,
        'stopped_by_other': 'score-lost',
        'stopper_factor': 1,
        'reverse_factor': 1},
 'bak': {'two_players_only': False},
 'gwangbak': {'factor': 2, 'needs_bright_score': True},
 'pibak': {'factor': 2,
           'fewer_than': 5,
           'count': 'units',
           'needs_junk_score': True,
           'cup_protects': True,
           'exempt_no_junk': False,
           'fewer_than_three': 0},
 'meongbak': {'factor': 2, 'animals': 7, 'needs_loser_without_animals': False},
 'shake': {'factor': 0, 'count': 'each'},
 'bomb': {'factor': 0, 'count': 'each'},
 'instant': {'four_in_hand': 5, 'three_ppuk': 5},
 'gobak': {'factor': 1, 'factor_on': 'all'},
 'nagari': {'factor': 1, 'cap': 0, 'dealer': 'same'},
 'events': {'ttadak': 1,
            'sseul': 1,
            'ppeok': 1,
            'first_ppeok': 3,
            'three_ppuk': 3,
            'gwang_selling': 1}}
