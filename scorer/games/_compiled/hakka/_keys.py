"""presets/hakka/_keys.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'players.count': {'type': 'int',
                   'doc': 'players at the table (the dreamer, opposite the dealer, sits out the '
                          'play)',
                   'doc_es': 'jugadores en la mesa (el Soñador, frente al Repartidor, no juega la '
                             'mano)',
                   'min': 4,
                   'max': 4},
 'table.min_tricks': {'type': 'int',
                      'doc': 'fewest tricks that score: the first entry of table.points',
                      'doc_es': 'mínimo de trucos que puntúan: la primera entrada de table.points',
                      'min': 1,
                      'max': 12},
 'table.points': {'type': 'list[int]',
                  'doc': 'points each payer owes for table.min_tricks, table.min_tricks + 1, ... '
                         'tricks',
                  'doc_es': 'puntos que debe cada pagador por table.min_tricks, table.min_tricks + '
                            '1, ... trucos',
                  'min': 0,
                  'max': 10000},
 'win.elders_count': {'type': 'bool',
                      'doc': 'the elder cards the winner still holds count as tricks (tricks won + '
                             'elders >= 6)',
                      'doc_es': 'las tarjetas de anciano que el ganador aún tiene cuentan como '
                                'trucos (trucos ganados + ancianos >= 6)'},
 'dreamer.wake_tricks': {'type': 'int',
                         'doc': 'tricks the dreamer wakes with when someone wins',
                         'doc_es': 'trucos con los que se despierta el Soñador cuando alguien gana',
                         'min': 0,
                         'max': 12},
 'dreamer.match_tricks': {'type': 'int',
                          'doc': 'tricks the dreamer gains for each card of the winning pattern '
                                 'with the number of his card',
                          'doc_es': 'trucos que gana el Soñador por cada carta del patrón ganador '
                                    'con el número de su carta',
                          'min': 0,
                          'max': 12},
 'dreamer.count': {'type': 'str',
                   'doc': "added: wake_tricks + matches; matches: the matches alone (the rules' "
                          'example as a total)',
                   'doc_es': 'added: wake_tricks + coincidencias; matches: solo las coincidencias '
                             '(el ejemplo de las reglas como total)',
                   'choices': ['added', 'matches']},
 'dreamer.collects_from': {'type': 'str',
                           'doc': 'losers: the two active players who did not win; active: all '
                                  'three, the winner too',
                           'doc_es': 'losers: los dos jugadores activos que no ganaron; active: '
                                     'los tres, también el ganador',
                           'choices': ['losers', 'active']},
 'privileged.pays_for_other': {'type': 'bool',
                               'doc': 'a privileged player (a caller who is not the dealer) who '
                                      "fails pays the other loser's share",
                               'doc_es': 'el jugador privilegiado (quien llama sin ser el '
                                         'Repartidor) que no gana paga también la parte del otro '
                                         'perdedor'},
 'privileged.covers_dreamer': {'type': 'bool',
                               'doc': "that failing privileged player also pays the other loser's "
                                      'share owed to the dreamer',
                               'doc_es': 'ese jugador privilegiado que no gana paga también la '
                                         'parte que el otro perdedor debe al Soñador'},
 'five_tigers.tricks': {'type': 'int',
                        'doc': 'tricks the five tigers (the four 1s and the Wan Sin) win at once',
                        'doc_es': 'trucos que ganan de inmediato los cinco tigres (los cuatro 1 y '
                                  'la Wan Sin)',
                        'min': 1,
                        'max': 12},
 'five_tigers.points': {'type': 'int',
                        'doc': 'points the five tigers win',
                        'doc_es': 'puntos que ganan los cinco tigres',
                        'min': 0,
                        'max': 10000},
 'five_tigers.per': {'type': 'str',
                     'doc': 'each: five_tigers.points from each other active player; total: that '
                            'many in all, shared',
                     'doc_es': 'each: five_tigers.points de cada otro jugador activo; total: esos '
                               'puntos en total, repartidos',
                     'choices': ['each', 'total']},
 'game.hands': {'type': 'int',
                'doc': 'hands in a game (a series record holds at most this many)',
                'doc_es': 'manos de un juego (un registro de serie tiene como mucho estas)',
                'min': 1,
                'max': 99},
 'game.void_counts': {'type': 'bool',
                      'doc': "a void hand (nobody called, redealt) counts as one of the game's "
                             'hands',
                      'doc_es': 'una mano nula (nadie llamó, se reparte de nuevo) cuenta como una '
                                'de las manos del juego'}}
