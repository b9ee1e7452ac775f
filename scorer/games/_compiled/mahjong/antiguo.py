"""presets/mahjong/antiguo.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'limit': 300,
 'max_chows': 4,
 'meta': {'description': 'Mahjong clásico chino, puntuación antigua (límite 300)',
          'source': 'the Spanish classical rules (tables: Combinaciones puestas sobre la mesa / en '
                    'mano)',
          'source_es': 'las reglas clásicas en español (tablas: Combinaciones puestas sobre la '
                       'mesa / en mano)',
          'resolved': {'pair.winds': "'Par de Dragón o Viento 2 puntos': any wind pair scores, not "
                                     "only one's own.",
                       'double.winds': "'Tres o cuatro de los propios vientos del jugador': the "
                                       'seat wind only; the rules name no prevailing wind.',
                       'double.one_suit_honours_allows': "'Toda la mano de un palo ..., con "
                                                         "Dragones o Vientos en un par': the "
                                                         'honours are the pair and nothing else.',
                       'bonus.points': "'A veces se añaden uno o dos juegos de 4 flores, pero no "
                                       "es muy popular': these rules score no flowers or seasons.",
                       'discard.completes': "The tables split sets 'puestas sobre la mesa' from "
                                            "'en mano'; a pung finished by the winning discard was "
                                            'in hand: concealed.',
                       'special.first_discard': "'Completar la mano con la primera ficha "
                                                "descartada, sólo el mano': going out on the first "
                                                "discard of the 'mano' (East).",
                       'special.score': "'300 puntos' / '150 puntos': the hand scores that, or its "
                                        'own total when higher (a special win never lowers a '
                                        'hand).',
                       'round.draw_keeps_east': "'sigue siendo el Jefe (Este) hasta que pierda': a "
                                                'draw is not a loss, East stays.',
                       'round.prevailing_advances': 'The rules name no prevailing wind; a round '
                                                    'record moves it on after four Easts, as '
                                                    'tables do.'},
          'resolved_es': {'pair.winds': "'Par de Dragón o Viento 2 puntos': puntúa cualquier par "
                                        'de Vientos, no solo el propio.',
                          'double.winds': "'Tres o cuatro de los propios vientos del jugador': "
                                          'solo el viento de asiento; las reglas no nombran viento '
                                          'dominante.',
                          'double.one_suit_honours_allows': "'Toda la mano de un palo ..., con "
                                                            "Dragones o Vientos en un par': los "
                                                            'Dragones o Vientos son el par y nada '
                                                            'más.',
                          'bonus.points': "'A veces se añaden uno o dos juegos de 4 flores, pero "
                                          "no es muy popular': estas reglas no puntúan flores ni "
                                          'estaciones.',
                          'discard.completes': "Las tablas separan combinaciones 'puestas sobre la "
                                               "mesa' de las 'en mano'; un trío completado con el "
                                               'descarte ganador estaba en mano: cuenta en mano.',
                          'special.first_discard': "'Completar la mano con la primera ficha "
                                                   "descartada, sólo el mano': cerrar con el "
                                                   'primer descarte del mano (el Este).',
                          'special.score': "'300 puntos' / '150 puntos': la mano vale eso, o su "
                                           'propio total si es mayor (una victoria especial nunca '
                                           'rebaja una mano).',
                          'round.draw_keeps_east': "'sigue siendo el Jefe (Este) hasta que "
                                                   "pierda': unas tablas no son una derrota, el "
                                                   'Este sigue.',
                          'round.prevailing_advances': 'Las reglas no nombran viento dominante; en '
                                                       'una ronda avanza tras cuatro Estes, como '
                                                       'se hace en la mesa.'}},
 'pung': {'exposed': {'simple': 2, 'terminal': 4, 'wind': 4, 'dragon': 4},
          'concealed': {'simple': 4, 'terminal': 8, 'wind': 8, 'dragon': 8}},
 'kong': {'exposed': {'simple': 8, 'terminal': 16, 'wind': 16, 'dragon': 16},
          'concealed': {'simple': 16, 'terminal': 32, 'wind': 32, 'dragon': 32}},
 'pair': {'dragon': 2, 'wind': 2, 'winds': 'any'},
 'out': {'points': 10},
 'double': {'winds': 'seat',
            'own_wind': 2,
            'prevailing_wind': 1,
            'dragon': 2,
            'one_suit_honours': 2,
            'one_suit_honours_allows': 'pair-only',
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
 'bonus': {'points': 0, 'own_factor': 1, 'set_factor': 1, 'own_together': False},
 'discard': {'completes': 'concealed'},
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
