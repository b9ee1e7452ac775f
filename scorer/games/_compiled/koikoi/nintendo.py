"""presets/koikoi/nintendo.toml, parsed (written by `python -m scorer.games.rules --compile`; do not edit:
edit the TOML file in scorer/games/presets/ and compile again)."""

from __future__ import annotations

DATA: dict[str, object] = {'meta': {'description': 'Koi-Koi con los valores del folleto de Nintendo (Akatan y Aotan 5, sin '
                         'Tsuki-fuda)',
          'source': 'Nintendo Koi-Koi leaflet, values as commonly published; not checked against a '
                    'printed leaflet',
          'source_es': 'folleto de Koi-Koi de Nintendo, valores como se publican habitualmente; no '
                       'cotejado con un folleto impreso',
          'resolved': {'oyaken.points': 'Not in the published leaflet list we have; we use the '
                                        "LaBSK page's agreed value ('Opcionalmente se puede pactar "
                                        'al inicio de la partida que en estos casos hay que '
                                        "asignarle 6 puntos'). Set oyaken.points = 0 for none.",
                       'koikoi.penalty': 'The list only names the doubling at 7; the x2 against a '
                                         "koi-koi caller is the LaBSK page's ('el oponente gana el "
                                         "doble de su puntaje').",
                       'akaao.points': 'Akatan-Aotan 10 in place of Akatan 5 + Aotan 5, with +1 '
                                       'per ribbon beyond the six.',
                       'koikoi.multiple': 'Not in the published list; several calls, as in the '
                                          "LaBSK page's 'en otros, un jugador puede llamar a "
                                          "koi-koi en múltiples turnos'."},
          'resolved_es': {'oyaken.points': 'No está en la lista publicada del folleto que tenemos; '
                                           'usamos el valor pactado de la página de LaBSK '
                                           "('Opcionalmente se puede pactar al inicio de la "
                                           'partida que en estos casos hay que asignarle 6 '
                                           "puntos'). Use oyaken.points = 0 para ninguno.",
                          'koikoi.penalty': 'La lista solo nombra la duplicación a partir de 7; el '
                                            'x2 contra quien cantó koi-koi es de la página de '
                                            "LaBSK ('el oponente gana el doble de su puntaje').",
                          'akaao.points': 'Akatan-Aotan 10 en lugar de Akatan 5 + Aotan 5, con +1 '
                                          'por cada cinta más allá de las seis.',
                          'koikoi.multiple': 'No está en la lista publicada; varios cantos, como '
                                             "en la página de LaBSK: 'en otros, un jugador puede "
                                             "llamar a koi-koi en múltiples turnos'."}},
 'match': {'rounds': 12},
 'brights': {'goko': 10, 'shiko': 8, 'ame_shiko': 7, 'sanko': 5, 'stack': False},
 'inoshikacho': {'points': 5, 'extra': 1},
 'tane': {'min': 5, 'points': 1, 'extra': 1},
 'akatan': {'points': 5, 'extra': 1},
 'aotan': {'points': 5, 'extra': 1},
 'akaao': {'enabled': True, 'points': 10, 'extra': 1},
 'tanzaku': {'min': 5, 'points': 1, 'extra': 1},
 'tsukifuda': {'enabled': False, 'points': 4},
 'kasu': {'min': 10, 'points': 1, 'extra': 1},
 'hanami': {'enabled': True, 'points': 5},
 'tsukimi': {'enabled': True, 'points': 5},
 'viewing': {'rain': 'off', 'needs_other_yaku': False, 'season': 'off'},
 'cup': {'kasu': 'one', 'tane': True},
 'lightning': {'kasu': True},
 'stack': {'inoshikacho_tane': True, 'ribbons_tanzaku': True},
 'koikoi': {'multiple': True, 'penalty': 'double', 'doubles_on': 'opponent'},
 'seven': {'enabled': True, 'threshold': 7},
 'oyaken': {'points': 6},
 'instant': {'teshi': 6, 'kuttsuki': 6}}
