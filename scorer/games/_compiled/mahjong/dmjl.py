"""presets/mahjong/dmjl.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'limit': 500,
 'max_chows': 4,
 'meta': {'description': 'Mahjong clásico chino, reglas de la liga alemana (DMJL): límite 500',
          'source': "the DMJL classical rules, as KDE Kajongg's rule set 'Classical Chinese DMJL' "
                    'defines them',
          'source_es': 'las reglas clásicas de la DMJL, como las define el juego de reglas '
                       "'Classical Chinese DMJL' de KDE Kajongg",
          'resolved': {'discard.completes': 'A set completed by the winning discard is an exposed '
                                            'set (it was claimed from the table).',
                       'limit_hand.hidden_treasure': "'Only hidden Pungs or Kongs, last tile from "
                                                     "wall': no chow, no exposed set, self-drawn.",
                       'limit_hand.concealed_true_colour': "'All tiles concealed and of the same "
                                                           "suit': a set completed by a discard is "
                                                           'exposed, so the hand is self-drawn.',
                       'double.only_concealed': 'A set completed by the winning discard is '
                                                'exposed: the hand went out self-drawn.',
                       'special.first_draw': "'Blessing of Heaven' (limits=1): East out on the "
                                             'dealt tiles scores a limit.',
                       'special.first_discard': "'Blessing of Earth' (limits=1): out on East's "
                                                'first discard scores a limit.',
                       'tile.only_possible': 'Only one kind of tile completed the hand before the '
                                             'last tile came (the engine works it out).'},
          'resolved_es': {'discard.completes': 'Una combinación completada con el descarte ganador '
                                               'está sobre la mesa (se tomó de la mesa).',
                          'limit_hand.hidden_treasure': "'Only hidden Pungs or Kongs, last tile "
                                                        "from wall': sin escaleras, nada sobre la "
                                                        'mesa, ficha robada.',
                          'limit_hand.concealed_true_colour': "'All tiles concealed and of the "
                                                              "same suit': una combinación "
                                                              'completada con un descarte está '
                                                              'sobre la mesa, así que la ficha es '
                                                              'robada.',
                          'double.only_concealed': 'Una combinación completada con el descarte '
                                                   'ganador está sobre la mesa: la mano cerró con '
                                                   'ficha robada.',
                          'special.first_draw': "'Blessing of Heaven' (limits=1): el Este cerrando "
                                                'con las fichas repartidas vale un límite.',
                          'special.first_discard': "'Blessing of Earth' (limits=1): cerrar con el "
                                                   'primer descarte del Este vale un límite.',
                          'tile.only_possible': 'Solo una clase de ficha completaba la mano antes '
                                                'de la última (lo calcula el programa).'}},
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
            'one_suit_honours': 2,
            'one_suit_honours_allows': 'any',
            'pure_suit': 8,
            'pure_suit_chows': True,
            'three_concealed_pungs': 2,
            'no_chow': 2,
            'only_concealed': 2,
            'zero_points': 2,
            'only_majors': 2,
            'only_honours': 4,
            'little_three_dragons': 2,
            'big_three_dragons': 4,
            'little_four_joys': 2,
            'big_four_joys': 4,
            'dead_wall': 2,
            'last_wall': 2,
            'last_wall_discard': 2,
            'robbed_kong': 2,
            'original_call': 2},
 'bonus': {'points': 4, 'own_factor': 2, 'own_together': True, 'set_factor': 2},
 'discard': {'completes': 'exposed'},
 'special': {'first_draw': 500, 'first_discard': 500, 'score': 'higher'},
 'east': {'factor': 2},
 'round': {'draw_keeps_east': True, 'prevailing_advances': True},
 'limit_hand': {'points': 500,
                'thirteen_orphans': 100,
                'nine_gates': 100,
                'nine_gates_extra': 'any',
                'only_honours': 100,
                'heads_and_tails': 100,
                'fourfold_plenty': 100,
                'hidden_treasure': 100,
                'buried_treasure': 0,
                'three_great_scholars': 100,
                'scholars_chow': True,
                'four_blessings': 100,
                'all_greens': 100,
                'concealed_true_colour': 100,
                'squirming_snake': 100,
                'twofold_fortune': 100,
                'plum_blossom': 100,
                'plucking_moon': 100,
                'carrying_pole': 100},
 'tile': {'from_wall': 2, 'only_possible': 4, 'pair_simple': 2, 'pair_major': 4}}
