"""Unit tests of the MCR fan recognisers (rules/mcr_*.py) on hand-built Readings, and of the two MCR
profiles as data.

Every fan of the Green Book 2006 (section 3.8, fans 1-81) and the MIL's 明暗杠 has at least one
positive and one negative case; the expected counts are worked out by hand from the fan's
definition (Green Book 2006 fan table) and written beside each case.  Readings use the spec language of
tests/mcr_build.py.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.hand import Context, Hand, Meld
from mahjong_arbiter.profiles.loader import DATA_DIR, load_profile
from mahjong_arbiter.rules.mcr_win import last_tile_holds, mcr_context_notes
from mahjong_arbiter.rules.registry import known_rule_ids
from mahjong_arbiter.solver.reading import Wait
from mahjong_arbiter.tiles import Tile
from mcr_build import hits

MIL = {"wait_held_out_counts": True, "nine_gates_terminal_pungs": "one", "last_tile_from_own_melds": True}

P = pytest.param
# (rule, spec, keyword arguments for mcr_build.hits, expected number of instances)
CASES = [
    # --- chows ---------------------------------------------------------------------------------
    P("mcr.pure-double-chow", "123m 123m* 456p [789s] EE", {}, 1, id="pdc"),
    P("mcr.pure-double-chow", "123m 123p* 456p [789s] EE", {}, 0, id="pdc-other-suit"),
    P("mcr.pure-double-chow", "123m 123m 123m* 456p EE", {}, 3, id="pdc-three-equal-chows-three-choices"),
    P("mcr.pure-double-chow", "123m 123m 456p* 456p EE", {}, 2, id="pdc-twice"),
    P("mcr.mixed-double-chow", "123m 123p* 456p [789s] EE", {}, 1, id="mdc"),
    P("mcr.mixed-double-chow", "123m 123m* 456p [789s] EE", {}, 0, id="mdc-same-suit"),
    P("mcr.mixed-double-chow", "123m 789m 123s* 789s EE", {}, 2, id="mdc-two-of-four-chows"),
    P("mcr.short-straight", "123m 456m* 789p 111s EE", {}, 1, id="ss"),
    P("mcr.short-straight", "123m 456p* 789s 111s EE", {}, 0, id="ss-two-suits"),
    P("mcr.short-straight", "123m 456m 789m* 111s EE", {}, 2, id="ss-inside-pure-straight"),
    P("mcr.two-terminal-chows", "123m 789m* 456p 111s EE", {}, 1, id="ttc"),
    P("mcr.two-terminal-chows", "123m 789p* 456p 111s EE", {}, 0, id="ttc-two-suits"),
    P("mcr.two-terminal-chows", "123m 789m 123s* 789s EE", {}, 2, id="ttc-twice"),
    P("mcr.pure-straight", "123m 456m 789m* 111s EE", {}, 1, id="ps"),
    P("mcr.pure-straight", "123m 456m 789m 123m* EE", {}, 2, id="ps-two-choices-of-123"),
    P("mcr.pure-straight", "123m 456p 789m* 111s EE", {}, 0, id="ps-mixed"),
    P("mcr.mixed-straight", "123m 456p 789s* 111s EE", {}, 1, id="ms"),
    P("mcr.mixed-straight", "123m 456m 789s* 111s EE", {}, 0, id="ms-two-in-one-suit"),
    P("mcr.pure-triple-chow", "234p 234p 234p* 999s EE", {}, 1, id="ptc"),
    P("mcr.pure-triple-chow", "234p 234p 234s* 999s EE", {}, 0, id="ptc-one-other-suit"),
    P("mcr.pure-triple-chow", "234p 234p 234p 234p* EE", {}, 4, id="ptc-four-choices-in-quadruple"),
    P("mcr.mixed-triple-chow", "234m 234p 234s* 999s EE", {}, 1, id="mtc"),
    P("mcr.mixed-triple-chow", "234m 234p 345s* 999s EE", {}, 0, id="mtc-shifted"),
    P("mcr.pure-shifted-chows", "123s 234s 345s* 999p EE", {}, 1, id="psc-step-one"),
    P("mcr.pure-shifted-chows", "123s 345s 567s* 999p EE", {}, 1, id="psc-step-two"),
    P("mcr.pure-shifted-chows", "123s 234s 456s* 999p EE", {}, 0, id="psc-uneven-steps"),
    P("mcr.pure-shifted-chows", "123s 456s 789s* 999p EE", {}, 0, id="psc-step-three-is-a-straight"),
    P("mcr.mixed-shifted-chows", "123m 234p 345s* 999p EE", {}, 1, id="mxsc"),
    P("mcr.mixed-shifted-chows", "123m 345p 567s* 999p EE", {}, 0, id="mxsc-step-two"),
    P("mcr.quadruple-chow", "234p 234p 234p 234p* EE", {}, 1, id="qc"),
    P("mcr.quadruple-chow", "234p 234p 234p 345p* EE", {}, 0, id="qc-one-differs"),
    P("mcr.four-pure-shifted-chows", "123p 234p 345p 456p* EE", {}, 1, id="fpsc-step-one"),
    P("mcr.four-pure-shifted-chows", "123p 345p 567p 789p* EE", {}, 1, id="fpsc-step-two"),
    P("mcr.four-pure-shifted-chows", "123p 234p 345p 567p* EE", {}, 0, id="fpsc-uneven"),
    P("mcr.pure-terminal-chows", "123s 123s 789s 789s* 55s", {}, 1, id="pure-terminal-chows"),
    P("mcr.pure-terminal-chows", "11s 22s 33s 55s 77s 88s 99s*", {}, 1, id="pure-terminal-chows-as-pairs"),
    P("mcr.pure-terminal-chows", "123s 123s 789s 789s* 55p", {}, 0, id="ptch-pair-other-suit"),
    P("mcr.three-suited-terminal-chows", "123m 789m 123s 789s* 55p", {}, 1, id="three-suited-terminal-chows"),
    P("mcr.three-suited-terminal-chows", "123m 789m 123s 789s* 55s", {}, 0, id="tstc-pair-in-a-chow-suit"),
    P("mcr.three-suited-terminal-chows", "123m 789m 123s 789s* 22p", {}, 0, id="tstc-pair-not-five"),
    P("mcr.all-chows", "123m 456p 789s 345s* 22m", {}, 1, id="all-chows"),
    P("mcr.all-chows", "123m 456p 789s 345s* EE", {}, 0, id="all-chows-honour-pair"),
    P("mcr.all-chows", "123m 456p 789s 555s* 22m", {}, 0, id="all-chows-a-pung"),
    P("mcr.all-chows", "147m258p369s 345s* 22m", {}, 1, id="all-chows-knitted-straight"),
    # --- pungs and kongs -----------------------------------------------------------------------
    P("mcr.double-pung", "555m 555p* 123s 789s EE", {}, 1, id="double-pung"),
    P("mcr.double-pung", "555m 666p* 123s 789s EE", {}, 0, id="double-pung-ranks-differ"),
    P("mcr.double-pung", "111m 999m 111p 999p* EE", {}, 2, id="double-pung-twice"),
    P("mcr.double-pung", "555m 555p 555s* 789s EE", {}, 3, id="double-pung-three-choices-in-triple"),
    P("mcr.triple-pung", "555m 555p 555s* 789s EE", {}, 1, id="triple-pung"),
    P("mcr.triple-pung", "555m 555p 666s* 789s EE", {}, 0, id="triple-pung-no"),
    P("mcr.pure-shifted-pungs", "444p 555p 666p* 789s EE", {}, 1, id="pure-shifted-pungs"),
    P("mcr.pure-shifted-pungs", "444p 555p 777p* 789s EE", {}, 0, id="pure-shifted-pungs-gap"),
    P("mcr.pure-shifted-pungs", "444p 555p 666p 777p* EE", {}, 2, id="psp-two-in-four"),
    P("mcr.mixed-shifted-pungs", "222p 333m 444s* 789s EE", {}, 1, id="mixed-shifted-pungs"),
    P("mcr.mixed-shifted-pungs", "222p 333p 444s* 789s EE", {}, 0, id="mixed-shifted-pungs-two-suits"),
    P("mcr.four-pure-shifted-pungs", "444p 555p 666p 777p* EE", {}, 1, id="four-pure-shifted-pungs"),
    P("mcr.four-pure-shifted-pungs", "444p 555p 666p 888p* EE", {}, 0, id="fpsp-gap"),
    P("mcr.all-pungs", "[111m] 555p EEE 999s* CC", {}, 1, id="all-pungs"),
    P("mcr.all-pungs", "[1111m] 555p EEE 789s* CC", {}, 0, id="all-pungs-a-chow"),
    P("mcr.all-even-pungs", "222m 444p 666s 888s* 44m", {}, 1, id="all-even-pungs"),
    P("mcr.all-even-pungs", "222m 444p 666s 888s* 55m", {}, 0, id="all-even-pungs-odd-pair"),
    P("mcr.two-concealed-pungs", "222m 444p 678s 789s* EE", {}, 1, id="two-concealed-pungs"),
    P("mcr.two-concealed-pungs", "222m ~444p* 678s 789s EE", {}, 0, id="tcp-discard-completed-pung"),
    P("mcr.two-concealed-pungs", "222m [444p] 678s 789s* EE", {}, 0, id="tcp-exposed-pung"),
    P("mcr.two-concealed-pungs", "2222m 444p 678s 789s* EE", {}, 1, id="tcp-concealed-kong-counts"),
    P("mcr.three-concealed-pungs", "CCC FFF PPP 123m 55p*", {}, 1, id="three-concealed-pungs"),
    P("mcr.three-concealed-pungs", "CCC FFF ~PPP* 123m 55p", {}, 0, id="tcp3-one-by-discard"),
    P("mcr.four-concealed-pungs", "111m 222p 333s EEE 55p*", {}, 1, id="four-concealed-pungs"),
    P("mcr.four-concealed-pungs", "111m 222p 333s ~EEE* 55p", {}, 0, id="fcp-one-by-discard"),
    P("mcr.melded-kong", "[1111m] 222p 789s 123s* EE", {}, 1, id="melded-kong"),
    P("mcr.melded-kong", "1111m 222p 789s 123s* EE", {}, 0, id="melded-kong-concealed"),
    P("mcr.concealed-kong", "1111m 2222p 789s 123s* EE", {}, 2, id="concealed-kong-each"),
    P("mcr.concealed-kong", "[1111m] 222p 789s 123s* EE", {}, 0, id="concealed-kong-melded"),
    P("mcr.two-melded-kongs", "[1111m] [2222p] 789s 123s* EE", {}, 1, id="two-melded-kongs"),
    P("mcr.two-melded-kongs", "[1111m] 2222p 789s 123s* EE", {}, 0, id="two-melded-kongs-one-concealed"),
    P("mcr.concealed-kong-and-melded-kong", "[1111m] 2222p 789s 123s* EE", {}, 1, id="kong-mixed"),
    P("mcr.concealed-kong-and-melded-kong", "1111m 2222p 789s 123s* EE", {}, 0, id="kong-mixed-both-concealed"),
    P("mcr.two-concealed-kongs", "1111m 2222p 789s 123s* EE", {}, 1, id="two-concealed-kongs"),
    P("mcr.two-concealed-kongs", "[1111m] 2222p 789s 123s* EE", {}, 0, id="tck-one-melded"),
    P("mcr.three-kongs", "[1111m] 2222p [3333s] 789s* EE", {}, 1, id="three-kongs"),
    P("mcr.three-kongs", "[1111m] 2222p 333s 123s* EE", {}, 0, id="three-kongs-two-only"),
    P("mcr.four-kongs", "[1111m] 2222p [3333s] [EEEE] 55s*", {}, 1, id="four-kongs"),
    P("mcr.four-kongs", "[1111m] 2222p [3333s] EEE 55s*", {}, 0, id="four-kongs-three-only"),
    P("mcr.tile-hog", "111m 123m* 456p 789s EE", {}, 1, id="tile-hog"),
    P("mcr.tile-hog", "1111m 234m* 456p 789s EE", {}, 0, id="tile-hog-not-with-a-kong"),
    P("mcr.tile-hog", "22s 22s 33s 44s 66s 88s FF*", {}, 1, id="tile-hog-in-seven-pairs"),
    P("mcr.tile-hog", "111m 123m 999m* 789m EE", {}, 2, id="tile-hog-twice"),
    # --- suits ---------------------------------------------------------------------------------
    P("mcr.full-flush", "123m 456m 789m 111m* 99m", {}, 1, id="full-flush"),
    P("mcr.full-flush", "123m 456m 789m 111m* EE", {}, 0, id="full-flush-honours"),
    P("mcr.half-flush", "123m 456m 789m 111m* EE", {}, 1, id="half-flush"),
    P("mcr.half-flush", "123m 456m 789m 111m* 99m", {}, 0, id="half-flush-no-honour"),
    P("mcr.one-voided-suit", "123m 456m 789p 111m* EE", {}, 1, id="one-voided-suit"),
    P("mcr.one-voided-suit", "123m 456m 789m 111m* EE", {}, 0, id="ovs-two-suits-missing"),
    P("mcr.one-voided-suit", "123m 456s 789p 111m* EE", {}, 0, id="ovs-all-suits"),
    P("mcr.no-honors", "123m 456s 789p 111m* 99s", {}, 1, id="no-honors"),
    P("mcr.no-honors", "123m 456s 789p 111m* PP", {}, 0, id="no-honors-white"),
    P("mcr.all-green", "234s 234s 666s 888s* FF", {}, 1, id="all-green"),
    P("mcr.all-green", "234s 234s 666s 888s* 55s", {}, 0, id="all-green-five"),
    P("mcr.reversible-tiles", "123p 345p 888p 456s* PP", {}, 1, id="reversible-tiles"),
    P("mcr.reversible-tiles", "123p 345p 888p 345s* PP", {}, 0, id="reversible-3s"),
    P("mcr.upper-tiles", "789m 789p 777s 888s* 99m", {}, 1, id="upper-tiles"),
    P("mcr.upper-tiles", "789m 678p 777s 888s* 99m", {}, 0, id="upper-tiles-six"),
    P("mcr.middle-tiles", "456m 456p 444s 555s* 66m", {}, 1, id="middle-tiles"),
    P("mcr.middle-tiles", "456m 345p 444s 555s* 66m", {}, 0, id="middle-tiles-three"),
    P("mcr.lower-tiles", "123m 123p 111s 222s* 33m", {}, 1, id="lower-tiles"),
    P("mcr.lower-tiles", "123m 234p 111s 222s* 33m", {}, 0, id="lower-tiles-four"),
    P("mcr.upper-four", "678m 789p 666s 888s* 99m", {}, 1, id="upper-four"),
    P("mcr.upper-four", "567m 789p 666s 888s* 99m", {}, 0, id="upper-four-five"),
    P("mcr.lower-four", "234m 123p 111s 444s* 33m", {}, 1, id="lower-four"),
    P("mcr.lower-four", "345m 123p 111s 444s* 33m", {}, 0, id="lower-four-five"),
    P("mcr.lower-four", "234m 123p 111s 444s* EE", {}, 0, id="lower-four-honour"),
    P("mcr.all-fives", "345m 456p 555s 567s* 55m", {}, 1, id="all-fives"),
    P("mcr.all-fives", "345m 456p 555s 678s* 55m", {}, 0, id="all-fives-678"),
    P("mcr.all-types", "123m 456p 789s EEE* CC", {}, 1, id="all-types"),
    P("mcr.all-types", "123m 456p 789s EEE* 22s", {}, 0, id="all-types-no-dragon"),
    P("mcr.all-types", "11m 22p 33s EE CC 44m 55p*", {}, 1, id="all-types-seven-pairs"),
    # --- terminals and honours -----------------------------------------------------------------
    P("mcr.all-terminals", "111m 999m 111p 999s* 99p", {}, 1, id="all-terminals"),
    P("mcr.all-terminals", "111m 999m 111p 999s* EE", {}, 0, id="all-terminals-honour"),
    P("mcr.all-honors", "EEE SSS CCC PPP* NN", {}, 1, id="all-honors"),
    P("mcr.all-honors", "EEE SSS CCC 999p* NN", {}, 0, id="all-honors-terminal"),
    P("mcr.all-terminals-and-honors", "111m 999p EEE CCC* 11s", {}, 1, id="all-terminals-and-honors"),
    P("mcr.all-terminals-and-honors", "123m 999p EEE CCC* 11s", {}, 0, id="atah-chow"),
    P("mcr.outside-hand", "123m 789p 999s EEE* 11p", {}, 1, id="outside-hand"),
    P("mcr.outside-hand", "123m 678p 999s EEE* 11p", {}, 0, id="outside-hand-678"),
    P("mcr.outside-hand", "147m258p369s 999m EE*", {}, 0, id="outside-hand-not-with-knitted"),
    P("mcr.all-simples", "234m 678p 555s 333s* 88p", {}, 1, id="all-simples"),
    P("mcr.all-simples", "234m 789p 555s 333s* 88p", {}, 0, id="all-simples-nine"),
    P("mcr.pung-of-terminals-or-honors", "111m 999p NNN CCC* 55s", {}, 3, id="tho-three-not-the-dragon"),
    P("mcr.pung-of-terminals-or-honors", "222m 888p CCC 123s* 55s", {}, 0, id="tho-none"),
    # --- winds and dragons ---------------------------------------------------------------------
    P("mcr.big-four-winds", "EEE SSS WWW NNN* 11m", {}, 1, id="big-four-winds"),
    P("mcr.big-four-winds", "EEE SSS WWW 111p* NN", {}, 0, id="big-four-winds-no"),
    P("mcr.big-three-winds", "EEE SSS WWW 123p* CC", {}, 1, id="big-three-winds"),
    P("mcr.big-three-winds", "EEE SSS NNN WWW* CC", {}, 1, id="big-three-winds-within-four"),
    P("mcr.big-three-winds", "EEE SSS 111p 123p* WW", {}, 0, id="big-three-winds-two"),
    P("mcr.little-four-winds", "EEE SSS WWW 123p* NN", {}, 1, id="little-four-winds"),
    P("mcr.little-four-winds", "EEE SSS WWW 123p* CC", {}, 0, id="little-four-winds-dragon-pair"),
    P("mcr.big-three-dragons", "CCC FFF PPP 123m* EE", {}, 1, id="big-three-dragons"),
    P("mcr.big-three-dragons", "CCC FFF 123m 456m* PP", {}, 0, id="big-three-dragons-two"),
    P("mcr.little-three-dragons", "CCC FFF 123m 456m* PP", {}, 1, id="little-three-dragons"),
    P("mcr.little-three-dragons", "CCC FFF 123m 456m* EE", {}, 0, id="little-three-dragons-wind-pair"),
    P("mcr.two-dragon-pungs", "CCC FFF 123m 456m* EE", {}, 1, id="two-dragon-pungs"),
    P("mcr.two-dragon-pungs", "CCC EEE 123m 456m* FF", {}, 0, id="two-dragon-pungs-one"),
    P("mcr.dragon-pung", "CCC FFF 123m 456m* EE", {}, 2, id="dragon-pung-each"),
    P("mcr.dragon-pung", "EEE 123m 456m 789m* PP", {}, 0, id="dragon-pung-pair-only"),
    P("mcr.prevalent-wind", "SSS 123m 456m 789m* PP", {"prevailing_wind": "S"}, 1, id="prevalent-wind"),
    P("mcr.prevalent-wind", "SSS 123m 456m 789m* PP", {"prevailing_wind": "E"}, 0, id="prevalent-wind-other"),
    P("mcr.seat-wind", "WWW 123m 456m 789m* PP", {"seat_wind": "W"}, 1, id="seat-wind"),
    P("mcr.seat-wind", "WWW 123m 456m 789m* PP", {"seat_wind": "S"}, 0, id="seat-wind-other"),
    # --- special shapes ------------------------------------------------------------------------
    P("mcr.seven-pairs", "11m 22m 55p 77p 99s EE CC*", {}, 1, id="seven-pairs"),
    P("mcr.seven-pairs", "123m 456m 789m 111m* EE", {}, 0, id="seven-pairs-standard"),
    P("mcr.seven-shifted-pairs", "33p 44p 55p 66p 77p 88p 99p*", {}, 1, id="seven-shifted-pairs"),
    P("mcr.seven-shifted-pairs", "22p 44p 55p 66p 77p 88p 99p*", {}, 0, id="ssp-gap"),
    P("mcr.seven-shifted-pairs", "33p 44p 55p 66p 77p 88p 99s*", {}, 0, id="ssp-two-suits"),
    P("mcr.thirteen-orphans", "1m 9m 1p 9p 1s 9s E S W N C F PP*", {}, 1, id="thirteen-orphans"),
    P("mcr.thirteen-orphans", "11m 22m 55p 77p 99s EE CC*", {}, 0, id="thirteen-orphans-pairs"),
    P("mcr.lesser-honors-and-knitted-tiles", "1m 4m 2p 5p 8p 3s 6s 9s E S W N C F*", {}, 1, id="lesser-h-k"),
    P("mcr.lesser-honors-and-knitted-tiles", "1m 9m 1p 9p 1s 9s E S W N C F PP*", {}, 0, id="lesser-h-k-orphans"),
    P("mcr.greater-honors-and-knitted-tiles", "1m 4m 2p 5p 8p 3s 6s E S W N C F P*", {}, 1, id="greater-h-k"),
    P("mcr.greater-honors-and-knitted-tiles", "1m 4m 2p 5p 8p 3s 6s 9s E S W N C F*", {}, 0, id="greater-six-honours"),
    P("mcr.knitted-straight", "147m258p369s 123m EE*", {}, 1, id="knitted-straight"),
    P("mcr.knitted-straight", "1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N C*", {}, 1, id="knitted-straight-in-lesser"),
    P("mcr.knitted-straight", "1m 4m 2p 5p 8p 3s 6s 9s E S W N C F*", {}, 0, id="knitted-straight-eight-tiles"),
    P("mcr.nine-gates", "111m 123m* 456m 789m 99m", {"win": "1m"}, 1, id="nine-gates-won-on-1"),
    P("mcr.nine-gates", "111m 234m 55m* 678m 999m", {}, 1, id="nine-gates-won-on-5"),
    P("mcr.nine-gates", "111m 234m 55m* 678m [999m]", {}, 0, id="nine-gates-declared-pung"),
    P("mcr.nine-gates", "111m 234m 55m 678m* 999m", {"win": "6m"}, 0, id="nine-gates-wrong-thirteen"),
    # --- waits (the policy decides whether a held-out kind is a wait) ---------------------------
    P("mcr.edge-wait", "123m* 456p 789s EEE CC", {"win": "3m", "wait": Wait.EDGE, "waits": ("3m",)}, 1, id="edge"),
    P("mcr.edge-wait", "123m* 456p 789s EEE CC", {"win": "3m", "wait": Wait.EDGE, "waits": ("3m", "6p")}, 0,
      id="edge-two-waits"),
    P("mcr.closed-wait", "123m* 456p 789s EEE CC", {"win": "2m", "wait": Wait.CLOSED, "waits": ("2m",)}, 1,
      id="closed"),
    P("mcr.closed-wait", "123m* 456p 789s EEE CC", {"win": "2m", "wait": Wait.EDGE, "waits": ("2m",)}, 0,
      id="closed-placed-as-edge"),
    P("mcr.single-wait", "123m 456p 789s EEE CC*", {"waits": ("C",)}, 1, id="single"),
    P("mcr.single-wait", "123m 456p 789s EEE CC*", {"waits": ("C",), "held_out": ("E",)}, 1,
      id="single-held-out-ignored-gb"),
    P("mcr.single-wait", "123m 456p 789s EEE CC*", {"waits": ("C",), "held_out": ("E",), "policies": MIL}, 0,
      id="single-held-out-counts-mil"),
    # --- win conditions --------------------------------------------------------------------------
    P("mcr.self-drawn", "[123m] 456p 789s EEE CC*", {"self_drawn": True}, 1, id="self-drawn"),
    P("mcr.self-drawn", "[123m] 456p 789s EEE CC*", {}, 0, id="self-drawn-discard"),
    P("mcr.fully-concealed-hand", "1111m 456p 789s EEE CC*", {"self_drawn": True}, 1, id="fully-concealed"),
    P("mcr.fully-concealed-hand", "[123m] 456p 789s EEE CC*", {"self_drawn": True}, 0, id="fc-exposed-chow"),
    P("mcr.fully-concealed-hand", "123m 456p 789s EEE CC*", {}, 0, id="fc-discard"),
    P("mcr.concealed-hand", "1111m 456p 789s EEE CC*", {}, 1, id="concealed-hand"),
    P("mcr.concealed-hand", "123m 456p 789s EEE CC*", {"self_drawn": True}, 0, id="concealed-hand-self-drawn"),
    P("mcr.concealed-hand", "[123m] 456p 789s EEE CC*", {}, 0, id="concealed-hand-exposed"),
    P("mcr.melded-hand", "[123m] [456p] [789s] [EEE] CC*", {}, 1, id="melded-hand"),
    P("mcr.melded-hand", "[123m] [456p] [789s] [EEE] CC*", {"self_drawn": True}, 0, id="melded-hand-self-drawn"),
    P("mcr.melded-hand", "[123m] [456p] [789s] EEEE CC*", {}, 0, id="melded-hand-concealed-kong"),
    P("mcr.last-tile-draw", "[123m] 456p 789s EEE CC*", {"self_drawn": True, "last_tile": True}, 1, id="ltd"),
    P("mcr.last-tile-draw", "[123m] 456p 789s EEE CC*", {"last_tile": True}, 0, id="ltd-discard"),
    P("mcr.last-tile-claim", "[123m] 456p 789s EEE CC*", {"last_tile": True}, 1, id="ltc"),
    P("mcr.last-tile-claim", "[123m] 456p 789s EEE CC*", {"self_drawn": True, "last_tile": True}, 0, id="ltc-drawn"),
    P("mcr.out-with-replacement-tile", "[1111m] 456p 789s EEE CC*", {"self_drawn": True, "kong_related": True}, 1,
      id="replacement"),
    P("mcr.out-with-replacement-tile", "[1111m] 456p 789s EEE CC*", {"self_drawn": True, "flowers": 1,
      "events": frozenset({"flower_replacement"})}, 0, id="replacement-flower-is-self-drawn"),
    P("mcr.self-drawn", "[1111m] 456p 789s EEE CC*", {"self_drawn": True, "flowers": 1,
      "events": frozenset({"flower_replacement"})}, 1, id="flower-replacement-self-drawn"),
    P("mcr.robbing-the-kong", "[123m] 456p* 789s EEE CC", {"kong_related": True}, 1, id="robbing"),
    P("mcr.robbing-the-kong", "[1111m] 456p* 789s EEE CC", {"kong_related": True, "self_drawn": True}, 0,
      id="robbing-is-a-discard-win"),
    P("mcr.last-tile", "[123m] 456p* 789s EEE CC", {"last_of_kind": True}, 1, id="last-tile"),
    P("mcr.last-tile", "[123m] 456p* 789s EEE CC", {}, 0, id="last-tile-not-flagged"),
    P("mcr.last-tile", "[123m] 456p* 456p 789s CC", {"last_of_kind": True, "win": "4p"}, 0,
      id="last-tile-another-copy-standing"),
    P("mcr.last-tile", "[111m] 123m* 456p 789s CC", {"win": "1m"}, 0, id="last-tile-own-melds-gb"),
    P("mcr.last-tile", "[111m] 123m* 456p 789s CC", {"win": "1m", "policies": MIL}, 1, id="last-tile-own-melds-mil"),
    P("mcr.chicken-hand", "[123m] 456p* 789s EEE CC", {}, 1, id="chicken-hand-holds-always"),
    # --- bonus ---------------------------------------------------------------------------------
    P("mcr.flower-tiles", "[123m] 456p* 789s EEE CC", {"flowers": 3}, 3, id="flowers-three"),
    P("mcr.flower-tiles", "[123m] 456p* 789s EEE CC", {}, 0, id="flowers-none"),
]


@pytest.mark.parametrize(("rule_id", "spec", "kwargs", "expected"), CASES)
def test_fan_instances(rule_id: str, spec: str, kwargs: dict[str, Any], expected: int) -> None:
    assert hits(rule_id, spec, **kwargs).count == expected


def test_every_fan_has_a_positive_and_a_negative_case() -> None:
    """Each MCR rule id of both profiles is tested both ways (chicken-hand always holds)."""
    positive = {c.values[0] for c in CASES if c.values[3]}
    negative = {c.values[0] for c in CASES if not c.values[3]}
    mcr_ids = set(load_profile("mcr").rules) | set(load_profile("mcr-mil").rules)
    assert mcr_ids - positive == set()
    assert mcr_ids - negative == {"mcr.chicken-hand"}


# --- the groups an instance names -------------------------------------------------------------
def test_combining_instances_name_their_sets() -> None:
    found = hits("mcr.short-straight", "123m 456m 789m* 111s EE")
    assert sorted(tuple(str(g) for g in inst) for inst in found.instances) == [
        ("1m2m3m", "4m5m6m"),
        ("4m5m6m", "7m8m9m"),
    ]


def test_little_four_winds_names_its_pungs_and_pair() -> None:
    (instance,) = hits("mcr.little-four-winds", "EEE SSS WWW 111p* NN").instances
    assert sorted(str(g) for g in instance) == ["EEE", "NN", "SSS", "WWW"]


def test_tile_hog_names_the_groups_holding_the_kind() -> None:
    (instance,) = hits("mcr.tile-hog", "111m 123m* 456p 789s EE").instances
    assert sorted(str(g) for g in instance) == ["1m1m1m", "1m2m3m"]


def test_whole_hand_fans_name_no_group() -> None:
    assert hits("mcr.full-flush", "123m 456m 789m 111m* 99m").instances == ((),)
    assert hits("mcr.nine-gates", "111m 123m* 456m 789m 99m", win="1m").instances == ((),)


@pytest.mark.parametrize(
    ("spec", "absorbed"),
    [
        P("111m 234m 55m* 678m 999m", "1m1m1m", id="won-on-5-two-terminal-pungs"),
        P("11m 123m 456m 789m 999m*", "9m9m9m", id="won-on-9-one-pung"),
    ],
)
def test_nine_gates_absorbs_one_terminal_pung_under_mil(spec: str, absorbed: str) -> None:
    """reading note N2: the MIL reading, removes one Pung of Terminals or Honors only."""
    (instance,) = hits("mcr.nine-gates", spec, policies=MIL).instances
    assert [str(g) for g in instance] == [absorbed]


def test_pung_fan_counts_kongs_and_discard_completed_pungs() -> None:
    """A kong is a pung for Dragon Pung; a discard-completed pung still is a dragon pung."""
    assert hits("mcr.dragon-pung", "[CCCC] ~FFF* 123m 456m EE").count == 2


# --- context notes --------------------------------------------------------------------------
def _hand(tokens: str, win: str) -> Hand:
    return Hand(tuple(Tile.of(t) for t in tokens.split()), winning_tile=Tile.of(win))


HAND = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 2s 2s 2s"


def test_notes_last_tile_with_a_copy_standing() -> None:
    notes = mcr_context_notes(_hand(HAND, "2s"), Context(last_of_kind=True))
    assert len(notes) == 1 and "Last Tile" in notes[0] and "three times" in notes[0]


def test_notes_last_tile_with_robbing_the_kong() -> None:
    notes = mcr_context_notes(_hand(HAND, "9m"), Context(last_of_kind=True, kong_related=True))
    assert len(notes) == 1 and "Robbing the Kong" in notes[0]


def test_notes_flower_replacement() -> None:
    ctx = Context(self_drawn=True, flowers=1, events=frozenset({"flower_replacement"}))
    (note,) = mcr_context_notes(_hand(HAND, "9m"), ctx)
    assert "Self-Drawn" in note


def test_no_notes_for_a_plain_context() -> None:
    assert mcr_context_notes(_hand(HAND, "9m"), Context(last_of_kind=True)) == []


def test_last_tile_holds_from_own_melds_only_with_the_policy() -> None:
    """reading note N14: three copies in the winner's own melds make the winning tile the last one."""
    standing = tuple(Tile.of(t) for t in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "C", "C"])
    hand = Hand(standing, (Meld.pung(Tile.of("1m")),), Tile.of("1m"))
    assert last_tile_holds(hand, Context(), from_own_melds=True)
    assert not last_tile_holds(hand, Context(), from_own_melds=False)


# --- the profiles as data ---------------------------------------------------------------------
def test_both_profiles_load_with_82_registered_rules() -> None:
    known = known_rule_ids()
    for pid in ("mcr", "mcr-mil"):
        profile = load_profile(pid)
        assert len(profile.rules) == 82
        assert set(profile.rules) <= known
        assert profile.minimum == 8 and profile.arithmetic == "mcr"


def test_tier_counts_match_the_green_book() -> None:
    """Green Book 2006, the fan table's tiers: 88x7, 64x6, 48x2, 32x3, 24x9, 16x6, 12x5, 8x10, 6x6, 4x4, 2x10, 1x13
    (the fan-57 mixed-kong case is the 82nd rule, 6 points, beside Two Melded Kongs)."""
    profile = load_profile("mcr")
    tiers: dict[int | float, int] = {}
    for rid, entry in profile.rules.items():
        if rid != "mcr.concealed-kong-and-melded-kong":
            tiers[entry.value] = tiers.get(entry.value, 0) + 1
    assert tiers == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 10, 6: 6, 4: 4, 2: 10, 1: 13}


def test_the_id_list_at_the_top_of_mcr_toml_is_complete() -> None:
    header = (DATA_DIR / "mcr.toml").read_text(encoding="utf-8").split("\nid = ")[0]
    listed = set(re.findall(r"[a-z]+(?:-[a-z]+)*", header))
    assert {rid.removeprefix("mcr.") for rid in load_profile("mcr").rules} <= listed


def test_mil_differs_from_gb_exactly_in_the_documented_places() -> None:
    gb, mil = load_profile("mcr"), load_profile("mcr-mil")
    changed = {rid for rid in gb.rules if gb.rules[rid].canonical() != mil.rules[rid].canonical()}
    assert changed == {
        "mcr.all-green", "mcr.nine-gates", "mcr.seven-shifted-pairs", "mcr.thirteen-orphans",
        "mcr.all-terminals", "mcr.four-concealed-pungs", "mcr.four-pure-shifted-chows", "mcr.seven-pairs",
        "mcr.greater-honors-and-knitted-tiles", "mcr.lesser-honors-and-knitted-tiles", "mcr.pure-straight",
        "mcr.big-three-winds", "mcr.out-with-replacement-tile", "mcr.two-concealed-kongs",
        "mcr.concealed-kong-and-melded-kong",
    }
    assert (gb.rules["mcr.two-concealed-kongs"].value, mil.rules["mcr.two-concealed-kongs"].value) == (8, 6)
    assert (gb.rules["mcr.concealed-kong-and-melded-kong"].value,
            mil.rules["mcr.concealed-kong-and-melded-kong"].value) == (6, 5)
    assert gb.policy("wait_held_out_counts") is False and mil.policy("wait_held_out_counts") is True


def test_fully_concealed_with_special_hands_differs_n4() -> None:
    """reading note N4: the Green Book lets self-drawn special hands add Fully Concealed; MIL not."""
    special = ("mcr.seven-pairs", "mcr.thirteen-orphans", "mcr.seven-shifted-pairs", "mcr.four-concealed-pungs",
               "mcr.greater-honors-and-knitted-tiles", "mcr.lesser-honors-and-knitted-tiles", "mcr.nine-gates")
    for pid, expected in (("mcr", False), ("mcr-mil", True)):
        rules = load_profile(pid).rules
        for rid in special:
            targets = {e.target for e in rules[rid].excludes}
            assert ("mcr.fully-concealed-hand" in targets) is expected, (pid, rid)


def test_combining_fans_are_flagged() -> None:
    raw = tomllib.loads((DATA_DIR / "mcr.toml").read_text(encoding="utf-8"))["rules"]
    combining = {rid for rid, body in raw.items() if body.get("params", {}).get("combining")}
    assert {"mcr.pure-double-chow", "mcr.mixed-double-chow", "mcr.short-straight", "mcr.two-terminal-chows",
            "mcr.double-pung", "mcr.pure-straight", "mcr.mixed-straight"} <= combining
    assert not combining & {"mcr.full-flush", "mcr.all-pungs", "mcr.tile-hog", "mcr.dragon-pung"}
    assert raw["mcr.chicken-hand"]["params"] == {"only_when_alone": True}


# --- the two readings on whole hands (tests/fixtures/mcr/fans_profiles.toml) -----------------------
FIXTURES = tomllib.loads((Path(__file__).parent / "fixtures" / "mcr" / "fans_profiles.toml").read_text("utf-8"))


@pytest.mark.parametrize("case", [P(c, id=c["id"]) for c in FIXTURES["case"]])
@pytest.mark.parametrize("profile_id", ["mcr", "mcr-mil"])
def test_readings_differ_as_the_notes_say(case: dict[str, Any], profile_id: str) -> None:
    from mahjong_arbiter.notation import parse_hand
    from mahjong_arbiter.scoring import score

    result = score(parse_hand(case["hand"]).hand, Context(**case["context"]), load_profile(profile_id))
    expected = case[profile_id]
    assert sorted(item.name for item in result.items) == sorted(expected["fans"]), result
    assert result.total == expected["total"]
