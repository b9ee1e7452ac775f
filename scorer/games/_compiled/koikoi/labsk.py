"""presets/koikoi/labsk.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'meta': {'description': 'Koi-Koi según la página Koi-koi del wiki de LaBSK (luces 10/8/7/5, '
                         'Akatan y Aotan 6, Tsuki-fuda)',
          'source': 'LaBSK wiki, "Koi-koi" page (labsk.net)',
          'source_es': 'wiki de LaBSK, página «Koi-koi» (labsk.net)',
          'resolved': {'oyaken.points': "The page says both: 'Si ambos jugadores alguna vez se "
                                        'quedan sin cartas para jugar sin haber formado un yaku en '
                                        "la última jugada, el oya gana un punto' (Nueva ronda) and "
                                        "'Privilegio del padre (Oya-ken): En caso de empate ... el "
                                        '«padre» ... sigue siendo el mismo que reparte y no gana '
                                        'ningún punto. Opcionalmente se puede pactar al inicio de '
                                        'la partida que en estos casos hay que asignarle 6 '
                                        "puntos.' (Oya-ken). We follow the yaku list, the section "
                                        'that defines Oya-ken: 0 points, the deal stays; set '
                                        'oyaken.points = 1 or 6 for the other readings.',
                       'koikoi.penalty': "'si su oponente logra formar un yaku antes de que el que "
                                         'llama forme otro, el oponente gana el doble de su '
                                         "puntaje y el que llama no gana nada': x2 once, however "
                                         "many calls (double). The groups who 'obligan a que el "
                                         'jugador cuya puntuación se multiplicó pague una cantidad '
                                         'proporcionalmente mayor ... un jugador que continuó '
                                         "jugando dos veces pagaría el doble' are per-call: x2 per "
                                         'call, compounding (one call x2, two calls x4, three x8), '
                                         "as each call doubles the score again ('ya que su "
                                         "puntuación se habría duplicado').",
                       'akaao.points': "'Cintas Rojas Poéticas y azules ... 10 puntos': scored in "
                                       'place of Akatan and Aotan (6 + 6 would otherwise beat it, '
                                       'and the page calls it a combination of its own).',
                       'akatan.extra': "'cada carta de cinta adicional suma 1 punto extra': each "
                                       "ribbon beyond the yaku's own three (the rain ribbon and "
                                       'plain red ribbons too).',
                       'inoshikacho.extra': "'cada carta de tierra adicional suma 1 punto extra': "
                                            'each tane beyond boar, deer and butterflies (the sake '
                                            'cup too).',
                       'match.rounds': "'Una partida consta de 12 rondas ... si bien es posible "
                                       "jugar partidas más reducidas de 9, 6 o 3 rondas'. A redeal "
                                       'does not use up a round.',
                       'lightning.kasu': "'La carta del rayo (que en unos juegos de Hanafuda es "
                                         'especial y en otros básica) en Koi koi es una carta '
                                         "básica.' false: the lightning does not count toward "
                                         'Kasu.'},
          'resolved_es': {'oyaken.points': "La página dice las dos cosas: 'Si ambos jugadores "
                                           'alguna vez se quedan sin cartas para jugar sin haber '
                                           'formado un yaku en la última jugada, el oya gana un '
                                           "punto' (Nueva ronda) y 'Privilegio del padre "
                                           '(Oya-ken): En caso de empate ... el «padre» ... sigue '
                                           'siendo el mismo que reparte y no gana ningún punto. '
                                           'Opcionalmente se puede pactar al inicio de la partida '
                                           "que en estos casos hay que asignarle 6 puntos.' "
                                           '(Oya-ken). Seguimos la lista de yaku, la sección que '
                                           'define el Oya-ken: 0 puntos, el reparto se queda; use '
                                           'oyaken.points = 1 o 6 para las otras lecturas.',
                          'koikoi.penalty': "'si su oponente logra formar un yaku antes de que el "
                                            'que llama forme otro, el oponente gana el doble de su '
                                            "puntaje y el que llama no gana nada': x2 una vez, se "
                                            'cante las veces que se cante (double). Los grupos que '
                                            "'obligan a que el jugador cuya puntuación se "
                                            'multiplicó pague una cantidad proporcionalmente mayor '
                                            '... un jugador que continuó jugando dos veces pagaría '
                                            "el doble' son per-call: x2 por canto, acumulado (un "
                                            'canto x2, dos x4, tres x8), pues cada canto vuelve a '
                                            "duplicar la puntuación ('ya que su puntuación se "
                                            "habría duplicado').",
                          'akaao.points': "'Cintas Rojas Poéticas y azules ... 10 puntos': puntúa "
                                          'en lugar de Akatan y Aotan (si no, 6 + 6 la superaría, '
                                          'y la página la trata como una combinación propia).',
                          'akatan.extra': "'cada carta de cinta adicional suma 1 punto extra': "
                                          'cada cinta más allá de las tres del yaku (también la de '
                                          'la lluvia y las rojas simples).',
                          'inoshikacho.extra': "'cada carta de tierra adicional suma 1 punto "
                                               "extra': cada carta de tierra más allá del jabalí, "
                                               'el ciervo y las mariposas (también la copa de '
                                               'sake).',
                          'match.rounds': "'Una partida consta de 12 rondas ... si bien es posible "
                                          "jugar partidas más reducidas de 9, 6 o 3 rondas'. Un "
                                          'reparto nulo no gasta una ronda.',
                          'lightning.kasu': "'La carta del rayo (que en unos juegos de Hanafuda es "
                                            'especial y en otros básica) en Koi koi es una carta '
                                            "básica.' false: el rayo no cuenta para Kasu."}},
 'match': {'rounds': 12},
 'brights': {'goko': 10, 'shiko': 8, 'ame_shiko': 7, 'sanko': 5, 'stack': False},
 'inoshikacho': {'points': 5, 'extra': 1},
 'tane': {'min': 5, 'points': 1, 'extra': 1},
 'akatan': {'points': 6, 'extra': 1},
 'aotan': {'points': 6, 'extra': 1},
 'akaao': {'enabled': True, 'points': 10, 'extra': 1},
 'tanzaku': {'min': 5, 'points': 1, 'extra': 1},
 'tsukifuda': {'enabled': True, 'points': 4},
 'kasu': {'min': 10, 'points': 1, 'extra': 1},
 'hanami': {'enabled': True, 'points': 5},
 'tsukimi': {'enabled': True, 'points': 5},
 'viewing': {'rain': 'off', 'needs_other_yaku': False, 'season': 'off'},
 'cup': {'kasu': 'one', 'tane': True},
 'lightning': {'kasu': True},
 'stack': {'inoshikacho_tane': True, 'ribbons_tanzaku': True},
 'koikoi': {'multiple': True, 'penalty': 'double', 'doubles_on': 'opponent'},
 'seven': {'enabled': True, 'threshold': 7},
 'oyaken': {'points': 0},
 'instant': {'teshi': 6, 'kuttsuki': 6}}
