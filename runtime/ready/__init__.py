"""The ready declaration (立直, 报听) and 振聴 (furiten): a seat's declaration in play, its
locked hand, the situations the engine sets on its wins, its deposit on the table (供託), and
the wins a furiten seat may not take.

`declaration` keeps a round's declarations (`ReadyTable`) and adds the declaration to the
turn's actions; `furiten` says which wins on a discard a seat may take; `deposits` turns the
declarations of a finished round into the settlement's deposit lines. The game engine
(`mjc.runtime.game`) calls these at a few points of its turn flow; the settlement
(`mjc.runtime.settle`) calls `deposits`. Nothing here imports either (the engine's `Round`
is read by its attributes only), so this package sits below both.
"""

from __future__ import annotations

from mjc.runtime.ready.declaration import ReadyTable
from mjc.runtime.ready.deposits import TABLE, deposit_moves, round_deposits
from mjc.runtime.ready.furiten import furiten_waits

__all__ = ["TABLE", "ReadyTable", "deposit_moves", "furiten_waits", "round_deposits"]
