"""What a table plays besides the turn flow: the dead wall and its indicators, red fives,
abortive draws.

`deadwall` is the dead wall a round keeps (王牌: the kong replacements, the dora and ura
indicators turned up), `redfives` which fives of the wall are red and who holds them
(赤ドラ), `abortive` the abortive draws (途中流局: 九種九牌, 四風連打, 四槓散了), `setting`
what every round of one game setting starts from (its rules of play, claims, wilds, win check
and wait sets, the dead wall's places), worked out once per setting. Each reads the rules of
play (`TurnRules`) and the round's tiles; the game engine (`mjc.runtime.game`) calls them and
ends the round. Imports only the rules, the win checks and wait sets, and the tiles.
"""
