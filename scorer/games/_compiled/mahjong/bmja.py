"""presets/mahjong/bmja.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'limit': 1000,
 'max_chows': 1,
 'meta': {'description': 'Mahjong clásico chino, reglas de la asociación británica (BMJA): límite '
                         '1000, una escalera',
          'source': "the BMJA classical rules, as KDE Kajongg's rule set 'Classical Chinese BMJA' "
                    'defines them',
          'source_es': 'las reglas clásicas de la BMJA, como las define el juego de reglas '
                       "'Classical Chinese BMJA' de KDE Kajongg",
          'resolved': {'discard.completes': 'A set completed by the winning discard is an exposed '
                                            'set (it was claimed from the table).',
                       'max_chows': "'number of allowed chows' = 1: a hand that reads only with "
                                    'two or more chows is no win.',
                       'double.pure_suit': "'Purity' doubles=3: only one suit, no chows, dragons "
                                           'or winds.',
                       'limit_hand.nine_gates': "'Gates of Heaven': 1112345678999 concealed and "
                                                'another tile 2..8 of the same suit.',
                       'special.first_draw': "'Blessing of Heaven' (limits=1): East out on the "
                                             'dealt tiles scores a limit.',
                       'special.first_discard': "'Blessing of Earth' (limits=1): out on East's "
                                                'first discard scores a limit.'},
          'resolved_es': {'discard.completes': 'Una combinación completada con el descarte ganador '
                                               'está sobre la mesa (se tomó de la mesa).',
                          'max_chows': "'number of allowed chows' = 1: una mano que solo se lee "
                                       'con dos o más escaleras no es victoria.',
                          'double.pure_suit': "'Purity' doubles=3: un solo palo, sin escaleras, "
                                              'Dragones ni Vientos.',
                          'limit_hand.nine_gates': "'Gates of Heaven': 1112345678999 en mano y "
                                                   'otra ficha de 2 a 8 del mismo palo.',
                          'special.first_draw': "'Blessing of Heaven' (limits=1): el Este cerrando "
                                                'con las fichas repartidas vale un límite.',
                          'special.first_discard': "'Blessing of Earth' (limits=1): cerrar con el "
                                                   'primer descarte del Este vale un límite.'}},
 'pung': {'exposed': {'simple': 2, 'terminal': 4, 'wind': 4, 'dragon': 4},
          'concealed': {'simple': 4, 'terminal': 8, 'wind': 8, 'dragon': 8}},
 'kong': {'exposed': {'simple': 8, 'terminal': 16, 'wind': 16, 'dragon': 16},
          'concealed': {'simple': 16, 'terminal': 32, 'wind': 32, 'dragon': 32}},
 'pair': {'dragon': 2, 'wind': 2, 'winds': 'seat-prevailing'},
 'out': {'points': 20},
 'double': {'winds': 'seat-prevailing',
            'own_wind': 2,
            'prevailing_wind': 2,
            'dragon': 2,
            'one_suit_honours': 1,
            'one_suit_honours_allows': 'any',
            'pure_suit': 8,
            'pure_suit_chows': False,
            'three_concealed_pungs': 1,
            'no_chow': 2,
            'only_concealed': 2,
            'zero_points': 1,
            'only_majors': 2,
            'only_honours': 4,
            'little_three_dragons': 1,
            'big_three_dragons': 1,
            'little_four_joys': 1,
            'big_four_joys': 1,
            'dead_wall': 1,
            'last_wall': 2,
            'last_wall_discard': 2,
            'robbed_kong': 2,
            'original_call': 2},
 'bonus': {'points': 4, 'own_factor': 2, 'own_together': False, 'set_factor': 4},
 'discard': {'completes': 'exposed'},
 'special': {'first_draw': 1000, 'first_discard': 1000, 'score': 'higher'},
 'east': {'factor': 2},
 'round': {'draw_keeps_east': True, 'prevailing_advances': True},
 'limit_hand': {'points': 1000,
                'thirteen_orphans': 100,
                'nine_gates': 100,
                'nine_gates_extra': 'simple',
                'only_honours': 100,
                'heads_and_tails': 100,
                'fourfold_plenty': 100,
                'hidden_treasure': 0,
                'buried_treasure': 100,
                'three_great_scholars': 100,
                'scholars_chow': False,
                'four_blessings': 100,
                'all_greens': 100,
                'concealed_true_colour': 0,
                'squirming_snake': 0,
                'twofold_fortune': 100,
                'plum_blossom': 100,
                'plucking_moon': 100,
                'carrying_pole': 100},
 'tile': {'from_wall': 2, 'only_possible': 0, 'pair_simple': 0, 'pair_major': 0}}
