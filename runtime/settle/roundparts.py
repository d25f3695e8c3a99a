"""The parts of a finished round that are records of their own: the claims, the completed
kongs, the opening discards of 跟庄 and the wins at the deal shown. `mjc.runtime.settle.round`
(the round itself, `RoundOutcome`) holds lists of them and re-exports each; every field is
strict about its type, as the round's are."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from mjc.runtime.settle.winevents import Model as _Model
from mjc.runtime.tiles.tile import tile_index

__all__ = ["Claim", "DealWinShown", "GoAround", "KongRecord", "Opening", "ReadyDeclaration"]


class Claim(_Model):
    """One claim of a discard, in the order they happened: `seat` claimed `from_seat`'s
    discard to make a chow, pong or exposed kong (a chow only from the 上家: `from_seat` is
    `seat - 1`, mod the players); `tile` is the claimed tile (mpsz), needed where a liability
    depends on it (广东 大四喜 / 大三元 包自摸)."""

    seat: StrictInt = Field(ge=0)
    from_seat: StrictInt = Field(ge=0)
    kind: Literal["chow", "pong", "kong"]
    tile: StrictStr | None = None


class KongRecord(_Model):
    """A completed kong: whose, which kind (exposed 明杠 from a discard, concealed 暗杠, added
    补杠), for an exposed kong the seat that discarded its fourth tile (`fed_by`), and its
    kind of kong (`as`, an id of the rulebook's `kongs` section; none: the first kind), and
    how many win events came before it where play goes on after a win (`wins_before`: under
    `after_win leave` the seats that had left pay nothing for it)."""

    seat: StrictInt = Field(ge=0)
    kind: Literal["exposed", "concealed", "added"]
    fed_by: StrictInt | None = Field(default=None, ge=0)
    as_: StrictStr | None = Field(default=None, alias="as", min_length=1, max_length=64)
    wins_before: StrictInt = Field(default=0, ge=0)


class GoAround(_Model):
    """One go-around of the opening (跟庄): `discards` in turn order from the dealer — the
    dealer's discard first, then his 下家's, and so on (as many as were made); `interrupted`:
    a pong or a kong was made during it (仅限起手第一圈开始到跟庄结束，不能碰、杠)."""

    discards: tuple[StrictStr, ...]
    interrupted: StrictBool = False


class Opening(_Model):
    """The opening discards, from which settlement counts the 跟庄 rounds itself:
    `dealer_concealed_kong` — the dealer declared a concealed kong before his first discard
    (起手暗杠后打出的不算: then nothing follows); `go_arounds` — the go-arounds from the
    first, as far as they matter (the chain ends at the first one that fails).

    A go-around follows the dealer when it is complete (a discard from every player), nobody
    ponged or konged in it, and every discard is the dealer's tile (闲家依次打出相同的牌). The
    count is the number of go-arounds that follow the dealer in a row from the first (第一圈到
    第X圈跟庄不能断，断了则跟庄结束). Whether that count is paid — the player count (仅限3、4人场)
    and the option (跟庄1分) — is the rulebook's `follow_payment` line."""

    dealer_concealed_kong: StrictBool = False
    go_arounds: tuple[GoAround, ...] = ()

    def followed(self, players: int) -> int:
        """How many go-arounds in a row, from the first, followed the dealer."""
        if self.dealer_concealed_kong:
            return 0
        count = 0
        for go in self.go_arounds:
            tiles = {tile_index(t) for t in go.discards}  # checked as tiles by the round
            if go.interrupted or len(go.discards) != players or len(tiles) != 1:
                break
            count += 1
        return count


class DealWinShown(_Model):
    """A win at the deal shown (起手胡): the seat, the ids of its wins at the deal (the
    rulebook's `deal_wins`) and the hand it showed, as dealt."""

    seat: StrictInt = Field(ge=0)
    wins: tuple[StrictStr, ...] = Field(min_length=1)
    hand: StrictStr


class ReadyDeclaration(_Model):
    """A ready declaration (立直, 报听; `mjc.runtime.ready`): the seat, the round's discard
    number it was made with (the first discard of the round is 1), the tile it discarded,
    and the deposit it put on the table (供託; 0 when that discard was won on)."""

    seat: StrictInt = Field(ge=0)
    discard: StrictInt = Field(ge=1, le=1000)
    tile: StrictStr | None = None
    deposit: StrictInt = Field(default=0, ge=0, le=1_000_000)
