"""presets/gostop/familia.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'meta': {'description': 'Go-Stop familiar para 2 o 3 jugadores',
          'source': 'family rules sheet (Spanish)',
          'source_es': 'hoja de reglas familiares',
          'resolved': {'brights.four_rain': "The family rules say both 'Al tener 4, tendrá 2 "
                                            "puntos' and, for 4 brights with the December one, "
                                            "'tendrás en automático 4 puntos'. We follow the table "
                                            "and its rule 'Cada luz adicional es un punto extra': "
                                            '2 points. Set brights.four_rain=4 for the other '
                                            'reading.',
                       'junk.lightning_units': "The family rules' list of double junk is missing "
                                               "('Estas cartas son las siguientes:' is followed by "
                                               'nothing). We use the two cards Korean decks print '
                                               'as double junk, the rain lightning and the '
                                               "paulownia ssangpi, which keeps 'En total existen "
                                               "24 cartas de sangre'. Set junk.lightning_units / "
                                               'junk.ssangpi_units to 1 to drop them.',
                       'pibak.count': "The family rules: 'El contrincante captura 3 o menos cartas "
                                      "de sangre' does not say cards or units. We count units, "
                                      "because the same rules say double junk 'valen por dos "
                                      "sangre'. Set pibak.count=cards for the other reading."},
          'resolved_es': {'brights.four_rain': "Las reglas familiares dicen a la vez 'Al tener 4, "
                                               "tendrá 2 puntos' y, para 4 luces con la de "
                                               "diciembre, 'tendrás en automático 4 puntos'. "
                                               "Seguimos la tabla y su regla 'Cada luz adicional "
                                               "es un punto extra': 2 puntos. Use "
                                               'brights.four_rain=4 para la otra lectura.',
                          'junk.lightning_units': 'Falta la lista de dobles sangres de las reglas '
                                                  "familiares ('Estas cartas son las siguientes:' "
                                                  'no va seguido de nada). Usamos las dos cartas '
                                                  'que las barajas coreanas imprimen como doble '
                                                  'sangre, el rayo de la lluvia y la doble sangre '
                                                  "de la paulonia, lo que mantiene 'En total "
                                                  "existen 24 cartas de sangre'. Use "
                                                  'junk.lightning_units / junk.ssangpi_units = 1 '
                                                  'para quitarlas.',
                          'pibak.count': "Las reglas familiares: 'El contrincante captura 3 o "
                                         "menos cartas de sangre' no dice si son cartas o "
                                         'unidades. Contamos unidades, porque las mismas reglas '
                                         "dicen que la doble sangre 'valen por dos sangre'. Use "
                                         'pibak.count=cards para la otra lectura.'}},
 'players': {'min': 2, 'max': 3},
 'target': {'two': 7, 'three': 3},
 'deck': {'bonus_two': 1, 'bonus_three': 0},
 'brights': {'three': 1, 'three_rain': 0, 'four': 2, 'four_rain': 2, 'five': 3},
 'animals': {'min': 5, 'points': 1, 'extra': 1},
 'birds': {'godori': 5},
 'ribbons': {'min': 5, 'points': 1, 'extra': 1, 'red_poem': 3, 'blue': 3, 'plain_red': 0},
 'junk': {'min': 10, 'points': 1, 'extra': 1, 'lightning_units': 2, 'ssangpi_units': 2},
 'dual': {'cards': ['cup', 'bridge'],
          'junk_units': 2,
          'tie': 'animal',
          'winner_maximises': 'subtotal'},
 'go': {'points': [],
        'double_from': 0,
        'keep_points_when_doubling': True,
        'caller_stop_factor': 2,
        'stopped_by_other': 'stopper-double',
        'stopper_factor': 2,
        'reverse_factor': 1},
 'bak': {'two_players_only': True},
 'gwangbak': {'factor': 2, 'needs_bright_score': False},
 'pibak': {'factor': 2,
           'fewer_than': 4,
           'count': 'units',
           'needs_junk_score': False,
           'cup_protects': False,
           'exempt_no_junk': False,
           'fewer_than_three': 0},
 'meongbak': {'factor': 1, 'animals': 7, 'needs_loser_without_animals': False},
 'shake': {'factor': 0, 'count': 'each'},
 'bomb': {'factor': 0, 'count': 'each'},
 'instant': {'four_in_hand': 0, 'three_ppuk': 0},
 'gobak': {'factor': 1, 'factor_on': 'all'},
 'nagari': {'factor': 1, 'cap': 0, 'dealer': 'same'},
 'events': {'ttadak': 1,
            'sseul': 1,
            'ppeok': 1,
            'first_ppeok': 3,
            'three_ppuk': 3,
            'gwang_selling': 1}}
