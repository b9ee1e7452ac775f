"""presets/mahjong/common.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'limit': 500,
 'max_chows': 4,
 'meta': {'description': 'Mahjong clásico chino, lectura habitual: vientos propio y dominante, '
                         'flores, límite 500',
          'source': "the Spanish classical rules' tables, read as classical tables usually play "
                    'them',
          'source_es': 'las tablas de las reglas clásicas en español, leídas como se juega '
                       'habitualmente',
          'resolved': {'pair.winds': "Classical: only a pair of one's seat wind or of the "
                                     'prevailing wind scores (both: twice).',
                       'double.winds': 'Classical: a pung of the seat wind and a pung of the '
                                       'prevailing wind each double (East in the East round: '
                                       'twice).',
                       'double.one_suit_honours_allows': "Classical 'clean hand': one suit with "
                                                         'honours in any sets, pungs or the pair.',
                       'bonus.points': "Classical: 4 points each flower or season; one's own (seat "
                                       'number) doubles; all four flowers or all four seasons '
                                       'double.',
                       'discard.completes': 'Classical: a pung finished by the winning discard '
                                            'counts as exposed (the tile came from the table).',
                       'limit': 'Classical limit of 500; the special wins of 300 and 150 keep '
                                'their values.',
                       'special.score': "A special win scores its value, or the hand's own total "
                                        'when higher.',
                       'round.draw_keeps_east': 'Classical: after a draw East deals again.',
                       'round.prevailing_advances': 'Classical: the prevailing wind moves on once '
                                                    'every player has been East.'},
          'resolved_es': {'pair.winds': 'Lo clásico: solo puntúa un par del viento de asiento o '
                                        'del viento dominante (de ambos: dos veces).',
                          'double.winds': 'Lo clásico: un trío del viento de asiento y uno del '
                                          'viento dominante doblan cada uno (el Este en la ronda '
                                          'del Este: dos veces).',
                          'double.one_suit_honours_allows': "'Mano limpia' clásica: un palo con "
                                                            'Dragones o Vientos en cualquier '
                                                            'combinación, tríos o el par.',
                          'bonus.points': 'Lo clásico: 4 puntos cada flor o estación; la propia '
                                          '(número del asiento) dobla; las cuatro flores o las '
                                          'cuatro estaciones doblan.',
                          'discard.completes': 'Lo clásico: un trío completado con el descarte '
                                               'ganador cuenta sobre la mesa (la ficha vino de la '
                                               'mesa).',
                          'limit': 'Límite clásico de 500; las victorias especiales de 300 y 150 '
                                   'conservan su valor.',
                          'special.score': 'Una victoria especial vale su valor, o el propio total '
                                           'de la mano si es mayor.',
                          'round.draw_keeps_east': 'Lo clásico: tras unas tablas el Este vuelve a '
                                                   'repartir.',
                          'round.prevailing_advances': 'Lo clásico: el viento dominante avanza '
                                                       'cuando todos los jugadores han sido '
                                                       'Este.'}},
 'pung': {'exposed': {'simple': 2, 'terminal': 4, 'wind': 4, 'dragon': 4},
          'concealed': {'simple': 4, 'terminal': 8, 'wind': 8, 'dragon': 8}},
 'kong': {'exposed': {'simple': 8, 'terminal': 16, 'wind': 16, 'dragon': 16},
          'concealed': {'simple': 16, 'terminal': 32, 'wind': 32, 'dragon': 32}},
 'pair': {'dragon': 2, 'wind': 2, 'winds': 'seat-prevailing'},
 'out': {'points': 10},
 'double': {'winds': 'seat-prevailing',
            'own_wind': 2,
            'prevailing_wind': 2,
            'dragon': 2,
            'one_suit_honours': 2,
            'one_suit_honours_allows': 'any',
            'pure_suit': 8,
            'pure_suit_chows': True,
            'three_concealed_pungs': 1,
            'no_chow': 1,
            'only_concealed': 1,
            'zero_points': 1,
            'only_majors': 1,
            'only_honours': 1,
            'little_three_dragons': 1,
            'big_three_dragons': 1,
            'little_four_joys': 1,
            'big_four_joys': 1,
            'dead_wall': 1,
            'last_wall': 1,
            'last_wall_discard': 1,
            'robbed_kong': 1,
            'original_call': 1},
 'bonus': {'points': 4, 'own_factor': 2, 'set_factor': 2, 'own_together': False},
 'discard': {'completes': 'exposed'},
 'special': {'first_draw': 300, 'first_discard': 150, 'score': 'higher'},
 'east': {'factor': 2},
 'round': {'draw_keeps_east': True, 'prevailing_advances': True},
 'limit_hand': {'points': 0,
                'thirteen_orphans': 0,
                'nine_gates': 0,
                'nine_gates_extra': 'any',
                'only_honours': 0,
                'heads_and_tails': 0,
                'fourfold_plenty': 0,
                'hidden_treasure': 0,
                'buried_treasure': 0,
                'three_great_scholars': 0,
                'scholars_chow': True,
                'four_blessings': 0,
                'all_greens': 0,
                'concealed_true_colour': 0,
                'squirming_snake': 0,
                'twofold_fortune': 0,
                'plum_blossom': 0,
                'plucking_moon': 0,
                'carrying_pole': 0},
 'tile': {'from_wall': 0, 'only_possible': 0, 'pair_simple': 0, 'pair_major': 0}}
