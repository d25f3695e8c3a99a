"""`TurnRules`: how a round is played under one rulebook and one option set.

A generated module builds one `TurnRules` per option set from its rulebook's `play` section
(`SPEC.turn_rules(options)`); a rulebook without that section plays by `TurnRules()`, the
common conventions written beside each field. The game engine (`mjc.runtime.game.engine` and the
modules it uses) reads nothing else about play: what a win is worth and whether a hand may
win at all (只可自摸, 四封, 鸡胡不能吃胡 ...) come from `Ruleset.score`, which already applies
the rulebook's `reject` rules; what a wild tile may do comes from `SPEC.wild_permissions`;
which claims exist from `SPEC.claims`. This module holds only the facts of turn order.

Seats are numbered 0..n-1 in turn order (DESIGN.md): seat i+1 is i's 下家, the next to play,
so "counting counter-clockwise from the dealer" in the seeds is counting up in seat numbers.
"""

from __future__ import annotations

from typing import Literal

from mjc.frozen import Frozen, frozen_kw

__all__ = [
    "HAND_SIZES",
    "AfterWin",
    "BreakStart",
    "ClaimKind",
    "DealerAfterDraw",
    "DealerAfterOtherWin",
    "DealerAfterRobbedKong",
    "DealerAfterSeveral",
    "FirstDealer",
    "HonbaRises",
    "KongIndicator",
    "Replacement",
    "TurnRules",
]

# Where drawing starts inside the broken wall, in stacks (墩) counted from its end:
#   "smaller_die"      the smaller of the two dice (潮州, 百色: 根据两个骰子中最小的点数顺时针数起)
#   "sum"              the dice sum again (上海: 挪走7墩牌后开始摸牌)
#   "sum_and_second"   the wall's owner rolls again; the start is after first + second sums
#                      (梅州: 第 10+5=15 墩后面开始起牌, overflowing into the next wall)
BreakStart = Literal["smaller_die", "sum", "sum_and_second"]

# Where kong and flower replacements are drawn: the far end of the wall (牌尾, every seed) or
# the next tile in drawing order.
Replacement = Literal["tail", "head"]

# When a kong turns up one more indicator in the dead wall (槓ドラ):
#   "none"                 no kong turns one up;
#   "at_once"              every kong, as soon as it is made (before its replacement);
#   "after_discard"        every kong, when the konger discards after its replacement;
#   "concealed_at_once"    a concealed kong at once, an exposed or added kong after the
#                          konger's discard (most online Riichi rules).
# A kong's indicator still waiting is turned up before the next kong's; a win on the
# replacement (嶺上開花) is scored without it.
KongIndicator = Literal["none", "at_once", "after_discard", "concealed_at_once"]

# Who deals the first round: "first_seat" seat 0 (the room owner, 房主; 东 in 广东 第一把东做庄),
# or "random" a seat drawn from the game's seeded randomness (上海 第一局系統隨機選擇莊家).
FirstDealer = Literal["first_seat", "random"]

# Who deals the next round when another player than the dealer wins alone:
#   "winner"  谁胡谁坐庄 (潮州, 百色, 梅州, 上海);   "next"  the dealer's 下家 (广东)
DealerAfterOtherWin = Literal["winner", "next"]
# After an exhaustive draw (流局/荒庄): "stay" 流局连庄 (潮州, 百色, 上海, 广东) or "next"
# 庄家由原庄家的下家担任 (梅州); `dealer_stays_when_ready` makes "next" depend on his hand.
DealerAfterDraw = Literal["stay", "next"]
# When the match's 本場 counter (honba) rises by one: "never" (no counter), "dealer_keeps"
# (the dealer keeps the deal, by a win or a draw; 0 when the deal passes) or
# "dealer_keeps_or_draw" (also after any exhaustive draw; 0 when another player wins: Riichi).
HonbaRises = Literal["never", "dealer_keeps", "dealer_keeps_or_draw"]
# After several winners on one discard (一炮多响):
#   "discarder"             一炮多响点炮玩家坐庄 (潮州, 百色)
#   "after_nearest_winner"  点炮者最近的一个胡牌者下家 (上海)
#   "dealer_or_next"        the dealer stays when among the winners, else his 下家 (广东)
#   "nearest_winner"        the winner nearest to the discarder in turn order
DealerAfterSeveral = Literal[
    "discarder", "after_nearest_winner", "dealer_or_next", "nearest_winner"
]
# After a win by robbing a kong: "as_win" like any other win, or "robbed": the robbed seat
# deals (梅州 被抢玩家即为下盘庄家).
DealerAfterRobbedKong = Literal["as_win", "robbed"]

# What a win does to the round (one win event: a self-draw, the winners on one discard
# (一炮多响), or the robbers of one kong):
#   "end"    the round ends at its first win event (every bundled rulebook);
#   "leave"  血战到底: the winners leave the round (they draw, discard, claim and are asked
#            nothing more) and play goes on among the others until all but one have won or
#            the wall is exhausted (流局 for the rest); 3 or more players;
#   "stay"   血流成河: the winners stay and may win again; play goes on until the wall is
#            exhausted. The winning tile (drawn, discarded or robbed) is laid aside, shown, and
#            the winner's hand of 13 plays on locked: it wins again or discards the tile it
#            drew; it claims nothing but a win and declares no kong.
# Play goes on with the draw of the seat after the event's last winner counted from its
# origin (the self-drawer, the discarder, the robbed seat) in turn order, skipping seats
# that left: seats between the discarder and a winner lose that turn, as after a pong. The
# first win event says who deals next, as if the round had ended there (四川: 第一个胡牌的
# 玩家下局坐庄; 一炮多响 by `dealer_after_several`).
AfterWin = Literal["end", "leave", "stay"]

# The sizes a hand may have (`TurnRules.hand`): 3k + 1 tiles for k sets, one to five.
HAND_SIZES = (4, 7, 10, 13, 16)

# The claims on a discard, in the words of `TurnRules.priority`.
ClaimKind = Literal["win", "kong", "pong", "chow"]


@frozen_kw
class TurnRules(Frozen):
    """The turn-flow facts of one rulebook under one option set (see the module docstring)."""

    # ---- the wall (牌墙): shuffled, then broken by the dice, then dealt
    dice: int = 2
    # The broken wall is the seat reached by counting the dice sum from the dealer (the dealer
    # counts as 1) in turn order; `break_start` says where in it drawing starts.
    break_start: BreakStart = "sum"
    # The tiles a seat holds between turns (手牌), each declared meld counting 3: 13 in every
    # seed, 16 in 台湾十六张 (a win is then 17 tiles, five sets and a pair); 3k + 1 for k sets,
    # one number for the whole rulebook. The deal follows it unless the rulebook says more.
    hand: int = 13
    deal_dealer: int = 14  # 庄家 14 (13 + the first draw): the dealer discards first
    deal_others: int = 13
    # Flowers drawn or dealt are set aside and replaced from `replacement` (上海 補花).
    flowers_replaced: bool = False
    # Tiles at the tail that are never drawn: the round is exhausted when only these remain
    # (潮州 留牌：留奖马牌数 reserves the bonus horses; 0 for every other seed).
    reserved: int = 0
    replacement: Replacement = "tail"
    # The dead wall (王牌): the last `dead_wall` tiles, never drawn in turn, kept at that size
    # by the engine (0: none). Kong replacements (嶺上牌) come from it, and after each one the
    # live wall's last tile joins it; the indicators lie in it, `indicators` turned up at the
    # deal, one more per kong as `kong_indicators` says, and with `ura_indicators` the tile
    # under each is read for a win (裏ドラ). `mjc.runtime.deadwall`.
    dead_wall: int = 0
    indicators: int = 0
    kong_indicators: KongIndicator = "none"
    ura_indicators: bool = False
    # 赤ドラ: of each suit's fives, this many copies are red (Riichi: one 5m, 5p and 5s).
    red_fives: int = 0
    # Tiles a seat may set aside from its concealed hand on its own turn after a draw (not
    # after a claim), each replaced from the dead wall, or from `replacement` without one
    # (三麻 北抜き: `("4z",)`); scoring reads how many the winner set aside (`set_aside`),
    # another seat may win on one as it is set aside, and `set_aside_bloom` names the
    # rulebook situation of a win on its replacement ("": none). `mjc.runtime.tableplay.setaside`.
    set_aside: tuple[str, ...] = ()
    set_aside_bloom: str = ""
    # The rulebook situation of a win on a tile as it is set aside ("": none; its fans and
    # `reject` rules read it: 三麻's ron on 北抜き only for 国士無双); whether the tiles a seat
    # set aside count among its discards for 振聴; whether setting one aside ends every 一発.
    set_aside_win: str = ""
    set_aside_furiten: bool = False
    set_aside_is_call: bool = True
    # A kong needs a replacement tile: no kong when no drawable tile is left
    # (百色 没有可摸的牌不能杠牌). True in every seed.
    kong_needs_tile: bool = True

    # ---- the dealer and the winds
    first_dealer: FirstDealer = "first_seat"
    dealer_after_other_win: DealerAfterOtherWin = "winner"
    dealer_after_draw: DealerAfterDraw = "stay"
    # 聴牌連荘 (Riichi): after an exhaustive draw the dealer deals again when his hand is
    # ready (some tile completes it), whatever `dealer_after_draw` says.
    dealer_stays_when_ready: bool = False
    dealer_after_several: DealerAfterSeveral = "discarder"
    dealer_after_robbed_kong: DealerAfterRobbedKong = "as_win"
    # Seat winds move with the deal (the dealer is always 东). The round wind (圈风) moves on
    # after every seat has dealt once and stays during a 连庄 (广东 连庄时圈数稳定).
    seat_winds_follow_dealer: bool = True

    # ---- claims on a discard
    # The order in which claims on one discard are served (胡 > 杠 > 碰 > 吃, every seed).
    priority: tuple[ClaimKind, ...] = ("win", "kong", "pong", "chow")
    # One discard, several winners (一炮多响): True lets them all win; False the nearest only.
    several_winners: bool = True
    # Chow only from the 上家 (the discarder is the seat before): every seed that chows.
    # Which claims exist at all (chow, pong, kong kinds, robbing) is `SPEC.claims(options)`.
    chow_only_from_previous: bool = True
    # What a win does to the round: ends it, or play goes on (血战到底, 血流成河): `AfterWin`.
    after_win: AfterWin = "end"
    # What others see of a concealed kong: one tile shown (暗杠亮上方一张) or none (暗杠不显示).
    concealed_kong_shows_tile: bool = True

    # ---- restrictions, as the documents word them
    # 漏碰: a seat that passes a pong it could make may not pong that same tile again until
    # its own next draw or claim (潮州, 百色: 摸、碰、杠牌前都不能再碰同张).
    missed_pong: bool = False
    # 漏胡: a seat that passes a win it could make may not win on that same tile from anyone
    # until its own next draw or claim; only that tile (上海: 漏胡只針對1張牌).
    missed_win: bool = False
    # 过吃不吃: a seat that broke a run it held by discarding one of its tiles may not chow
    # that tile back into the same run for the rest of the round (百色).
    no_chow_to_rebuild: bool = False
    # 上吃下吐: after a chow the claimed tile (or its run's other end) may be discarded at once.
    discard_after_chow_same_tile: bool = True
    # 吃、碰后不能马上杠: after a chow or pong the seat discards; it may not kong before its
    # next draw (百色, 潮州 碰完不可以立马开杠).
    kong_right_after_claim: bool = True
    # 必胡: a possible win must be taken: no pass button, no kong instead (潮州 option).
    must_win: bool = False
    # 跟庄 不能碰、杠: while the opening go-arounds may still follow the dealer, no discard is
    # ponged or konged (潮州: 仅限起手第一圈开始到跟庄结束，不能碰、杠).
    no_claims_while_following: bool = False
    # 托管: a seat may hand its play to the system, which discards the tile it draws, makes
    # no claim and wins whenever it may (潮州 摸什么打什么，不碰不杠，系统自动摸牌、打牌、胡).
    # `Round.set_auto` refuses it when this is off.
    auto_play: bool = False

    # ---- a ready declaration (立直, 报听: `mjc.runtime.ready`)
    # The rulebook situation a seat that declared ready wins under ("": no declaration); the
    # one instead when it was declared on the seat's first discard before any call or kong
    # (ダブル立直); the one added to a win before the declarer's next discard with no call or
    # kong in between (一発). `ready_deposit`: what the declarer puts on the table (供託) once
    # the declaration's discard is not won on; `ready_needs`: the points a seat needs to
    # declare; `ready_tiles_left`: the drawable tiles the wall must still hold.
    ready_declaration: str = ""
    ready_first: str = ""
    ready_one_go_around: str = ""
    ready_deposit: int = 0
    ready_needs: int = 0
    ready_tiles_left: int = 4
    # 振聴: no win on a discard while a wait is among one's own discards, after passing a win
    # until one's own next discard, and, for a seat that declared ready, after passing a win
    # for the rest of the round (a self-draw is always allowed).
    furiten: bool = False
    # 四家立直: every seat declared ready, and the last declaration's discard was not won
    # on: the round is drawn there (an abortive draw).
    all_ready_draw: bool = False
    # ---- abortive draws (途中流局): the round ends drawn, nobody paid, the dealer deals again
    # 九種九牌: in his first turn, before any call, a seat holding nine different terminals
    # and honours may declare the draw (an `abortive_draw` action).
    nine_terminals_draw: bool = False
    # 四風連打: the four first discards are the same wind, with no call before.
    four_winds_draw: bool = False
    # 四槓散了: a fourth kong, the four not all one player's: the round ends once the
    # discard after it passes.
    four_kongs_draw: bool = False

    # ---- what lasts between rounds (read by `mjc.runtime.game.match.Match`)
    # 荒番: after an exhaustive draw (荒庄) the next rounds are played under the rulebook's
    # situation `huangfan` until one of them is won (上海 research proposal, E2).
    huangfan_after_draw: bool = False
    # 本場: when the counter the next round is played with rises (`HonbaRises`).
    honba_rises: HonbaRises = "never"
    # The match's length in round winds (東風戦 1, 半荘戦 2, a full game 4); 0: no fixed
    # length, the caller says how many rounds. It ends once the last wind's last dealer has
    # lost the deal.
    match_winds: int = 0
    # The points each seat starts a match with (Riichi 25,000); 0 counts from nothing.
    start_points: int = 0
    # 飛び: the match ends as soon as a seat's points fall below zero.
    end_on_negative: bool = False
    # 返し点: the points a seat's final score counts from (0: `start_points`); the
    # first-placed seat also takes the difference from every seat (オカ: (target - start)
    # x players).
    target_points: int = 0
    # 順位ウマ: added to the final scores by place, the first +outer and the second +inner,
    # the last -outer and the one before it -inner (with 3 players the second gets 0).
    uma_inner: int = 0
    uma_outer: int = 0
    # 西入 (南入 of a 東風戦): when no seat has reached `target_points` as the last wind
    # ends, the match goes on for up to this many winds, and ends after the first round
    # that leaves a seat with the target.
    extra_winds: int = 0
    # 和了止め / 聴牌止め: the match ends when the dealer of its last round keeps the deal
    # (by a win or ready at a draw) and is placed first (with `extra_winds`, only with the
    # target reached).
    last_dealer_stops: bool = False

    @property
    def kept(self) -> int:
        """The tiles at the tail never drawn in turn: the reserved tiles or the dead wall."""
        return self.reserved + self.dead_wall

    def validate(self, players: int) -> str | None:
        """Why these rules cannot play a round of `players`, or None when they can."""
        if self.dice < 0 or self.dice > 3:
            return f"a wall is broken with 0 to 3 dice, not {self.dice}"
        if self.hand not in HAND_SIZES:
            sizes = ", ".join(str(n) for n in HAND_SIZES)
            return f"a hand holds {sizes} tiles, not {self.hand}"
        if self.deal_dealer != self.deal_others + 1:
            return "the dealer is dealt one tile more than the others"
        if self.hand == 13 and not 1 <= self.deal_others <= 13:
            return "the dealer is dealt one tile more than the others, who get 1 to 13"
        if self.hand != 13 and self.deal_others != self.hand:
            held = self.hand
            return f"a hand of {held} is dealt {held + 1} to the dealer, {held} to the others"
        if not 0 <= self.match_winds <= 4 or self.start_points < 0:
            return "a match lasts 0 to 4 round winds and starts at 0 points or more"
        if self.extra_winds < 0 or self.match_winds + self.extra_winds > 4:
            return "a match with its extra winds lasts at most 4 round winds"
        if self.reserved < 0:
            return f"the reserved tiles are a count, not {self.reserved}"
        if self.dead_wall < 0 or (self.dead_wall and self.reserved):
            return "a dead wall is a count of tiles, and replaces the reserved tiles"
        if self.indicators and self.indicators > self.dead_wall:
            return "the indicators lie in the dead wall, which cannot hold them"
        if sorted(self.priority) != sorted(set(self.priority)):
            return "a claim appears twice in the priority order"
        if players < 2:
            return f"a round needs 2 to 4 players, not {players}"
        if self.after_win == "leave" and players < 3:
            return (
                "after_win leave (血战到底) needs 3 players or more: with 2 the first win "
                "leaves one player, and the round ends there"
            )
        return None
