"""presets/gostop/_keys.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'players.min': {'type': 'int',
                 'doc': 'fewest players the rule set is written for',
                 'doc_es': 'mínimo de jugadores para el que están escritas las reglas',
                 'min': 2,
                 'max': 3},
 'players.max': {'type': 'int',
                 'doc': 'most players the rule set is written for',
                 'doc_es': 'máximo de jugadores para el que están escritas las reglas',
                 'min': 2,
                 'max': 3},
 'target.two': {'type': 'int',
                'doc': 'points needed to stop (or go) with 2 players',
                'doc_es': 'puntos necesarios para parar (o cantar go) con 2 jugadores',
                'min': 1,
                'max': 100},
 'target.three': {'type': 'int',
                  'doc': 'points needed to stop (or go) with 3 players',
                  'doc_es': 'puntos necesarios para parar (o cantar go) con 3 jugadores',
                  'min': 1,
                  'max': 100},
 'deck.bonus_two': {'type': 'int',
                    'doc': 'bonus cards worth 2 junk units allowed in the deck (0: played without '
                           'them)',
                    'doc_es': 'cartas extra que valen 2 unidades de sangre permitidas en la baraja '
                              '(0: se juega sin ellas)',
                    'min': 0,
                    'max': 4},
 'deck.bonus_three': {'type': 'int',
                      'doc': 'bonus cards worth 3 junk units allowed in the deck (0: played '
                             'without them)',
                      'doc_es': 'cartas extra que valen 3 unidades de sangre permitidas en la '
                                'baraja (0: se juega sin ellas)',
                      'min': 0,
                      'max': 4},
 'brights.three': {'type': 'int',
                   'doc': 'points for 3 brights without the rain bright',
                   'doc_es': 'puntos por 3 luces sin la de lluvia',
                   'min': 0,
                   'max': 100},
 'brights.three_rain': {'type': 'int',
                        'doc': 'points for 3 brights including the rain bright',
                        'doc_es': 'puntos por 3 luces con la de lluvia',
                        'min': 0,
                        'max': 100},
 'brights.four': {'type': 'int',
                  'doc': 'points for 4 brights without the rain bright',
                  'doc_es': 'puntos por 4 luces sin la de lluvia',
                  'min': 0,
                  'max': 100},
 'brights.four_rain': {'type': 'int',
                       'doc': 'points for 4 brights including the rain bright',
                       'doc_es': 'puntos por 4 luces con la de lluvia',
                       'min': 0,
                       'max': 100},
 'brights.five': {'type': 'int',
                  'doc': 'points for all 5 brights',
                  'doc_es': 'puntos por las 5 luces',
                  'min': 0,
                  'max': 100},
 'animals.min': {'type': 'int',
                 'doc': 'animals needed for the first animal point',
                 'doc_es': 'animales necesarios para el primer punto de animales',
                 'min': 1,
                 'max': 10},
 'animals.points': {'type': 'int',
                    'doc': 'points for the minimum number of animals',
                    'doc_es': 'puntos por el mínimo de animales',
                    'min': 0,
                    'max': 100},
 'animals.extra': {'type': 'int',
                   'doc': 'points for each animal beyond the minimum',
                   'doc_es': 'puntos por cada animal de más sobre el mínimo',
                   'min': 0,
                   'max': 100},
 'birds.godori': {'type': 'int',
                  'doc': 'points for the three birds (godori: plum warbler, wisteria cuckoo, '
                         'pampas geese)',
                  'doc_es': 'puntos por los tres pájaros (godori: ruiseñor del ciruelo, cuco de la '
                            'glicina, gansos de la eulalia)',
                  'min': 0,
                  'max': 100},
 'ribbons.min': {'type': 'int',
                 'doc': 'ribbons (any colour, rain included) needed for the first ribbon point',
                 'doc_es': 'banderas (de cualquier color, la de lluvia incluida) necesarias para '
                           'el primer punto de banderas',
                 'min': 1,
                 'max': 10},
 'ribbons.points': {'type': 'int',
                    'doc': 'points for the minimum number of ribbons',
                    'doc_es': 'puntos por el mínimo de banderas',
                    'min': 0,
                    'max': 100},
 'ribbons.extra': {'type': 'int',
                   'doc': 'points for each ribbon beyond the minimum',
                   'doc_es': 'puntos por cada bandera de más sobre el mínimo',
                   'min': 0,
                   'max': 100},
 'ribbons.red_poem': {'type': 'int',
                      'doc': 'points for the three red poem ribbons, pine plum cherry (hongdan; 0: '
                             'no such set)',
                      'doc_es': 'puntos por las tres banderas rojas con texto: pino, ciruelo, '
                                'cerezo (hongdan; 0: sin este juego)',
                      'min': 0,
                      'max': 100},
 'ribbons.blue': {'type': 'int',
                  'doc': 'points for the three blue ribbons, peony chrysanthemum maple (cheongdan; '
                         '0: no such set)',
                  'doc_es': 'puntos por las tres banderas azules: peonía, crisantemo, arce '
                            '(cheongdan; 0: sin este juego)',
                  'min': 0,
                  'max': 100},
 'ribbons.plain_red': {'type': 'int',
                       'doc': 'points for the three plain red ribbons, wisteria iris clover '
                              '(chodan; 0: no such set)',
                       'doc_es': 'puntos por las tres banderas rojas sin texto: glicina, lirio, '
                                 'trébol (chodan; 0: sin este juego)',
                       'min': 0,
                       'max': 100},
 'junk.min': {'type': 'int',
              'doc': 'junk units needed for the first junk point',
              'doc_es': 'unidades de sangre necesarias para el primer punto de sangre',
              'min': 1,
              'max': 30},
 'junk.points': {'type': 'int',
                 'doc': 'points for the minimum number of junk units',
                 'doc_es': 'puntos por el mínimo de unidades de sangre',
                 'min': 0,
                 'max': 100},
 'junk.extra': {'type': 'int',
                'doc': 'points for each junk unit beyond the minimum',
                'doc_es': 'puntos por cada unidad de sangre de más sobre el mínimo',
                'min': 0,
                'max': 100},
 'junk.lightning_units': {'type': 'int',
                          'doc': 'junk units of the rain lightning card (willow junk)',
                          'doc_es': 'unidades de sangre de la carta del rayo (sangre del sauce)',
                          'min': 1,
                          'max': 3},
 'junk.ssangpi_units': {'type': 'int',
                        'doc': 'junk units of the paulownia double junk (ssangpi)',
                        'doc_es': 'unidades de sangre de la doble sangre de la paulonia (ssangpi)',
                        'min': 1,
                        'max': 3},
 'dual.cards': {'type': 'list[str]',
                'doc': 'animals a player may count as double junk instead: cup (chrysanthemum), '
                       'bridge (iris)',
                'doc_es': 'animales que un jugador puede contar como doble sangre: cup '
                          '(crisantemo), bridge (lirio)',
                'choices': ['cup', 'bridge']},
 'dual.junk_units': {'type': 'int',
                     'doc': 'junk units of a dual-role card counted as junk',
                     'doc_es': 'unidades de sangre de una carta dual contada como sangre',
                     'min': 1,
                     'max': 3},
 'dual.tie': {'type': 'str',
              'doc': 'role a dual-role card takes when both roles score the same',
              'doc_es': 'papel de una carta dual cuando ambos puntúan igual',
              'choices': ['animal', 'junk']},
 'go.points': {'type': 'list[int]',
               'doc': 'points added after 1, 2, ... gos (cumulative; the last value holds for more '
                      'gos)',
               'doc_es': 'puntos añadidos tras 1, 2, ... gos (acumulados; el último valor vale '
                         'para más gos)',
               'min': 0,
               'max': 100},
 'go.double_from': {'type': 'int',
                    'doc': 'from this go on, each go doubles the payment (0: gos never double)',
                    'doc_es': 'desde este go, cada go duplica el pago (0: los gos nunca duplican)',
                    'min': 0,
                    'max': 12},
 'go.keep_points_when_doubling': {'type': 'bool',
                                  'doc': 'whether the go points are still added once gos double '
                                         'the payment',
                                  'doc_es': 'si los puntos por go se siguen sumando cuando los gos '
                                            'duplican el pago'},
 'go.caller_stop_factor': {'type': 'int',
                           'doc': 'factor on the score of a player who called go and then stops '
                                  '(1: none)',
                           'doc_es': 'factor sobre la puntuación de quien cantó go y luego para '
                                     '(1: ninguno)',
                           'min': 1,
                           'max': 10},
 'go.stopped_by_other': {'type': 'str',
                         'doc': 'when a go-caller is stopped by someone else: stopper-double, '
                                'score-lost or go-bak',
                         'doc_es': 'cuando otro para a quien cantó go: stopper-double, score-lost '
                                   'o go-bak',
                         'choices': ['stopper-double', 'score-lost', 'go-bak']},
 'go.stopper_factor': {'type': 'int',
                       'doc': "factor on the stopper's score under stopped_by_other = "
                              'stopper-double',
                       'doc_es': 'factor sobre la puntuación de quien para, con stopped_by_other = '
                                 'stopper-double',
                       'min': 1,
                       'max': 10},
 'bak.two_players_only': {'type': 'bool',
                          'doc': 'whether gwang-bak and pi-bak apply only in 2-player games',
                          'doc_es': 'si el gwang-bak y el pi-bak solo se aplican con 2 jugadores'},
 'gwangbak.factor': {'type': 'int',
                     'doc': 'factor against an opponent with no brights (gwang-bak; 1: not played)',
                     'doc_es': 'factor contra un rival sin luces (gwang-bak; 1: no se juega)',
                     'min': 1,
                     'max': 10},
 'gwangbak.needs_bright_score': {'type': 'bool',
                                 'doc': 'whether gwang-bak needs the winner to have scored brights',
                                 'doc_es': 'si el gwang-bak exige que el ganador haya puntuado '
                                           'luces'},
 'pibak.factor': {'type': 'int',
                  'doc': 'factor against an opponent with too little junk (pi-bak; 1: not played)',
                  'doc_es': 'factor contra un rival con poca sangre (pi-bak; 1: no se juega)',
                  'min': 1,
                  'max': 10},
 'pibak.fewer_than': {'type': 'int',
                      'doc': 'pi-bak applies when the opponent has fewer than this much junk',
                      'doc_es': 'el pi-bak se aplica cuando el rival tiene menos sangre que esto',
                      'min': 0,
                      'max': 30},
 'pibak.count': {'type': 'str',
                 'doc': "how the opponent's junk is counted for pi-bak: units (double junk = 2) or "
                        'cards',
                 'doc_es': 'cómo se cuenta la sangre del rival para el pi-bak: units (doble sangre '
                           '= 2) o cards',
                 'choices': ['units', 'cards']},
 'pibak.needs_junk_score': {'type': 'bool',
                            'doc': 'whether pi-bak needs the winner to have scored junk',
                            'doc_es': 'si el pi-bak exige que el ganador haya puntuado sangre'},
 'pibak.cup_protects': {'type': 'bool',
                        'doc': "whether the opponent's dual-role cards count as double junk to "
                               'escape pi-bak',
                        'doc_es': 'si las cartas duales del rival cuentan como doble sangre para '
                                  'librarse del pi-bak'},
 'meongbak.factor': {'type': 'int',
                     'doc': 'factor when the winner holds many animals (meong-bak; 1: not played)',
                     'doc_es': 'factor cuando el ganador tiene muchos animales (meong-bak; 1: no '
                               'se juega)',
                     'min': 1,
                     'max': 10},
 'meongbak.animals': {'type': 'int',
                      'doc': 'animals (as counted for scoring) the winner needs for meong-bak',
                      'doc_es': 'animales (contados para puntuar) que el ganador necesita para el '
                                'meong-bak',
                      'min': 1,
                      'max': 10},
 'shake.factor': {'type': 'int',
                  'doc': 'factor for each shake (heundeum) the winner declared (0: not played)',
                  'doc_es': 'factor por cada sacudida (heundeum) que declaró el ganador (0: no se '
                            'juega)',
                  'min': 0,
                  'max': 10},
 'bomb.factor': {'type': 'int',
                 'doc': 'factor for each bomb (poktan) the winner played (0: not played)',
                 'doc_es': 'factor por cada bomba (poktan) que jugó el ganador (0: no se juega)',
                 'min': 0,
                 'max': 10},
 'instant.four_in_hand': {'type': 'int',
                          'doc': 'points won at once by four cards of one month dealt in hand '
                                 '(chongtong; 0: not played)',
                          'doc_es': 'puntos ganados al instante con las cuatro cartas de un mes en '
                                    'mano (chongtong; 0: no se juega)',
                          'min': 0,
                          'max': 100},
 'instant.three_ppuk': {'type': 'int',
                        'doc': "points won at once by a player's third ppuk (samyeon-ppuk; 0: not "
                               'played)',
                        'doc_es': 'puntos ganados al instante con el tercer ppuk de un jugador '
                                  '(samyeon-ppuk; 0: no se juega)',
                        'min': 0,
                        'max': 100},
 'pibak.exempt_no_junk': {'type': 'bool',
                          'doc': 'whether a loser with no junk at all escapes pi-bak (many tables: '
                                 '0 junk is not pi-bak); with pibak.cup_protects, dual cards kept '
                                 'as animals count as no junk',
                          'doc_es': 'si un perdedor sin ninguna sangre se libra del pi-bak (muchas '
                                    'mesas: 0 de sangre no es pi-bak); con pibak.cup_protects, las '
                                    'cartas dobles que guarda como animales no cuentan como '
                                    'sangre'},
 'pibak.fewer_than_three': {'type': 'int',
                            'doc': 'pi-bak threshold with 3 players: fewer than this much junk (0: '
                                   'as pibak.fewer_than)',
                            'doc_es': 'umbral del pi-bak con 3 jugadores: menos sangre que esto '
                                      '(0: como pibak.fewer_than)',
                            'min': 0,
                            'max': 30},
 'meongbak.needs_loser_without_animals': {'type': 'bool',
                                          'doc': 'whether meong-bak applies only against a loser '
                                                 'holding no animals',
                                          'doc_es': 'si el meong-bak solo se aplica contra un '
                                                    'perdedor sin animales'},
 'gobak.factor': {'type': 'int',
                  'doc': 'factor on what a go-caller pays under go-bak (1: none)',
                  'doc_es': 'factor sobre lo que paga quien cantó go con el go-bak (1: ninguno)',
                  'min': 1,
                  'max': 10},
 'gobak.factor_on': {'type': 'str',
                     'doc': 'with 3 players, the go-bak factor applies to every share he pays '
                            '(all) or his own (own)',
                     'doc_es': 'con 3 jugadores, el factor del go-bak se aplica a todo lo que paga '
                               '(all) o solo a su parte (own)',
                     'choices': ['all', 'own']},
 'go.reverse_factor': {'type': 'int',
                       'doc': "reverse go: factor when the winner called go after an opponent's go "
                              'and stops, replacing the go factors (1: not played)',
                       'doc_es': 'go inverso: factor cuando el ganador cantó go tras el go de un '
                                 'rival y para, en lugar de los factores de go (1: no se juega)',
                       'min': 1,
                       'max': 16},
 'shake.count': {'type': 'str',
                 'doc': 'how shakes multiply: each (factor per shake) or once (one factor however '
                        'many)',
                 'doc_es': 'cómo multiplican las sacudidas: each (un factor por sacudida) u once '
                           '(un factor en total)',
                 'choices': ['each', 'once']},
 'bomb.count': {'type': 'str',
                'doc': 'how bombs multiply: each (factor per bomb) or once (one factor however '
                       'many)',
                'doc_es': 'cómo multiplican las bombas: each (un factor por bomba) u once (un '
                          'factor en total)',
                'choices': ['each', 'once']},
 'nagari.factor': {'type': 'int',
                   'doc': "factor on the next hand's payment per nagari before it (record key "
                          'carry; 1: not played)',
                   'doc_es': 'factor sobre el pago de la mano siguiente por cada nagari anterior '
                             '(clave carry; 1: no se juega)',
                   'min': 1,
                   'max': 4},
 'nagari.cap': {'type': 'int',
                'doc': 'largest nagari factor, however many nagari in a row (0: no cap)',
                'doc_es': 'factor de nagari más alto, sean cuantos sean los nagari seguidos (0: '
                          'sin tope)',
                'min': 0,
                'max': 1024},
 'nagari.dealer': {'type': 'str',
                   'doc': 'who deals after a nagari: same (the dealer again) or next (the next '
                          'player in order)',
                   'doc_es': 'quién reparte tras un nagari: same (el mismo) o next (el siguiente '
                             'jugador)',
                   'choices': ['same', 'next']},
 'dual.winner_maximises': {'type': 'str',
                           'doc': "the winner's dual cards take the role that maximises the "
                                  'subtotal or the payment',
                           'doc_es': 'las cartas duales del ganador toman el papel que maximiza el '
                                     'subtotal o el pago',
                           'choices': ['subtotal', 'payment']},
 'events.ttadak': {'type': 'int',
                   'doc': 'points each other player pays for a ttadak (two pairs taken at once) '
                          'when no price is given',
                   'doc_es': 'puntos que paga cada otro jugador por un ttadak (dos parejas de '
                             'golpe) si no se da el precio',
                   'min': 0,
                   'max': 100},
 'events.sseul': {'type': 'int',
                  'doc': 'points each other player pays for a sseul (sweeping the table) when no '
                         'price is given',
                  'doc_es': 'puntos que paga cada otro jugador por un sseul (dejar la mesa vacía) '
                            'si no se da el precio',
                  'min': 0,
                  'max': 100},
 'events.ppeok': {'type': 'int',
                  'doc': 'points each other player pays for taking back a ppeok when no price is '
                         'given',
                  'doc_es': 'puntos que paga cada otro jugador por recoger un ppeok si no se da el '
                            'precio',
                  'min': 0,
                  'max': 100},
 'events.first_ppeok': {'type': 'int',
                        'doc': 'points each other player pays for a ppeok on the first turn when '
                               'no price is given',
                        'doc_es': 'puntos que paga cada otro jugador por un ppeok en el primer '
                                  'turno si no se da el precio',
                        'min': 0,
                        'max': 100},
 'events.three_ppuk': {'type': 'int',
                       'doc': 'points each other player pays for a third ppuk settled as a side '
                              'payment when no price is given',
                       'doc_es': 'puntos que paga cada otro jugador por un tercer ppuk liquidado '
                                 'aparte si no se da el precio',
                       'min': 0,
                       'max': 100},
 'events.gwang_selling': {'type': 'int',
                          'doc': 'points each playing player pays per bright sold by a sitting-out '
                                 'player when no price is given',
                          'doc_es': 'puntos que paga cada jugador por cada luz que vende quien no '
                                    'juega si no se da el precio',
                          'min': 0,
                          'max': 100}}
