"""presets/hakka/tarjetas.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'meta': {'description': 'Tarjetas Hakka para 4 jugadores',
          'source': "the Spanish rules text 'Tarjetas Hakka para múltiples jugadores'",
          'source_es': "el reglamento 'Tarjetas Hakka para múltiples jugadores'",
          'resolved': {'dreamer.count': "The rules: 'el Soñador se despertará con 5 trucos. Si la "
                                        'tarjeta que tiene en mano el Soñador posee el mismo valor '
                                        'numérico que la tarjeta ganadora en mano, el Soñador '
                                        'ganará 1 truco. Por ejemplo, si el Soñador posee el 7 de '
                                        'Gon y la mano ganadora posee los números 7 de Sup, Sok y '
                                        "Sin, el Soñador ganará 3 trucos.' We read the 3 tricks as "
                                        'gained on top of the 5 he wakes with (8 in all, 4 points '
                                        'by the table): the sentence before says he wakes with 5, '
                                        "and 'ganará 1 truco' is a gain. Set dreamer.count=matches "
                                        'to read the 3 as his whole count (then he never reaches '
                                        "the table's 6 tricks and collects nothing).",
                       'dreamer.collects_from': "The rules: 'El ganador y el Soñador reunirán "
                                                'puntos de los otros jugadores, mientras que los '
                                                'otros jugadores perderán puntos según la '
                                                "siguiente tabla'. 'Los otros jugadores' are those "
                                                'other than the winner and the dreamer: the two '
                                                'active players who lost pay the dreamer; the '
                                                'winner does not. Set dreamer.collects_from=active '
                                                'to have the winner pay the dreamer too.',
                       'five_tigers.per': "The rules: 'los cinco tigres, puedes ganar de inmediato "
                                          "8 trucos y 4 puntos'. The table gives 4 points for 8 "
                                          "tricks, collected 'de cada jugador activo', so we read "
                                          '4 points from each of the other two active players. Set '
                                          'five_tigers.per=total for 4 points in all (2 from '
                                          'each).',
                       'privileged.covers_dreamer': "The rules: 'El jugador privilegiado tendrá "
                                                    'que perder puntos suyos y del otro jugador '
                                                    "activo' with the example of the winner only "
                                                    "('el ganador ganará 2 puntos y el otro "
                                                    "jugador no perderá puntos'). We read 'the "
                                                    "other player loses nothing' as a whole: the "
                                                    'failing privileged player also pays the other '
                                                    "loser's share owed to the dreamer. Set "
                                                    'privileged.covers_dreamer=false to make the '
                                                    'other loser pay the dreamer himself.',
                       'win.elders_count': "The rules: 'si el número total de trucos ganados, más "
                                           'el número de tarjetas de anciano que tienes en mano es '
                                           "igual o mayor de 6, puedes declararte ganador'. The "
                                           'elder cards still held are unbeatable, one trick each, '
                                           'so the winner scores tricks won + elders held (a '
                                           "record's tricks are the tricks won in play; elders "
                                           'lists the elders held). Set win.elders_count=false to '
                                           'score the tricks won alone (they must then reach 6 '
                                           'themselves).',
                       'game.void_counts': "The rules: 'Si nadie llama durante la fase de Llamada, "
                                           'el juego se anula y habrá que volver a repartir '
                                           "tarjetas' and 'El juego finaliza después de jugar 4 "
                                           "manos'. A void hand is annulled, not played: it does "
                                           'not count toward the 4. Its dealer passed, so the deal '
                                           "moves on counter-clockwise ('Si el Repartidor decide "
                                           'pasar, el turno pasará al siguiente jugador en sentido '
                                           'antihorario y ese jugador será el Repartidor en la '
                                           "siguiente mano'). Set game.void_counts=true to count "
                                           'it.'},
          'resolved_es': {'dreamer.count': "Las reglas: 'el Soñador se despertará con 5 trucos. Si "
                                           'la tarjeta que tiene en mano el Soñador posee el mismo '
                                           'valor numérico que la tarjeta ganadora en mano, el '
                                           'Soñador ganará 1 truco. Por ejemplo, si el Soñador '
                                           'posee el 7 de Gon y la mano ganadora posee los números '
                                           "7 de Sup, Sok y Sin, el Soñador ganará 3 trucos.' "
                                           'Leemos los 3 trucos como ganados además de los 5 con '
                                           'los que se despierta (8 en total, 4 puntos según la '
                                           'tabla): la frase anterior dice que se despierta con 5, '
                                           "y 'ganará 1 truco' es una ganancia. Con "
                                           'dreamer.count=matches los 3 son toda su cuenta '
                                           '(entonces nunca llega a los 6 trucos de la tabla y no '
                                           'cobra nada).',
                          'dreamer.collects_from': "Las reglas: 'El ganador y el Soñador reunirán "
                                                   'puntos de los otros jugadores, mientras que '
                                                   'los otros jugadores perderán puntos según la '
                                                   "siguiente tabla'. 'Los otros jugadores' son "
                                                   'los que no son el ganador ni el Soñador: pagan '
                                                   'al Soñador los dos jugadores activos que '
                                                   'perdieron; el ganador no. Con '
                                                   'dreamer.collects_from=active el ganador '
                                                   'también paga al Soñador.',
                          'five_tigers.per': "Las reglas: 'los cinco tigres, puedes ganar de "
                                             "inmediato 8 trucos y 4 puntos'. La tabla da 4 puntos "
                                             "por 8 trucos, cobrados 'de cada jugador activo', así "
                                             'que leemos 4 puntos de cada uno de los otros dos '
                                             'jugadores activos. Con five_tigers.per=total son 4 '
                                             'puntos en total (2 de cada uno).',
                          'privileged.covers_dreamer': "Las reglas: 'El jugador privilegiado "
                                                       'tendrá que perder puntos suyos y del otro '
                                                       "jugador activo', con el ejemplo del "
                                                       "ganador solo ('el ganador ganará 2 puntos "
                                                       "y el otro jugador no perderá puntos'). "
                                                       "Leemos 'el otro jugador no perderá puntos' "
                                                       'en todo: el jugador privilegiado que no '
                                                       'gana paga también la parte que el otro '
                                                       'perdedor debe al Soñador. Con '
                                                       'privileged.covers_dreamer=false el otro '
                                                       'perdedor paga él mismo al Soñador.',
                          'win.elders_count': "Las reglas: 'si el número total de trucos ganados, "
                                              'más el número de tarjetas de anciano que tienes en '
                                              'mano es igual o mayor de 6, puedes declararte '
                                              "ganador'. Las tarjetas de anciano que aún se tienen "
                                              'son imbatibles, un truco cada una, así que el '
                                              'ganador cuenta trucos ganados + ancianos en mano '
                                              '(tricks en un registro son los trucos ganados en el '
                                              'juego; elders, los ancianos en mano). Con '
                                              'win.elders_count=false solo cuentan los trucos '
                                              'ganados (que entonces deben llegar a 6 por sí '
                                              'solos).',
                          'game.void_counts': "Las reglas: 'Si nadie llama durante la fase de "
                                              'Llamada, el juego se anula y habrá que volver a '
                                              "repartir tarjetas' y 'El juego finaliza después de "
                                              "jugar 4 manos'. Una mano nula se anula, no se "
                                              'juega: no cuenta entre las 4. Su Repartidor pasó, '
                                              'así que el reparto sigue en sentido antihorario '
                                              "('Si el Repartidor decide pasar, el turno pasará al "
                                              'siguiente jugador en sentido antihorario y ese '
                                              "jugador será el Repartidor en la siguiente mano'). "
                                              'Con game.void_counts=true sí cuenta.'}},
 'players': {'count': 4},
 'table': {'min_tricks': 6, 'points': [1, 2, 4, 8, 16, 32, 128]},
 'win': {'elders_count': True},
 'dreamer': {'wake_tricks': 5, 'match_tricks': 1, 'count': 'added', 'collects_from': 'losers'},
 'privileged': {'pays_for_other': True, 'covers_dreamer': True},
 'five_tigers': {'tricks': 8, 'points': 4, 'per': 'each'},
 'game': {'hands': 4, 'void_counts': False}}
