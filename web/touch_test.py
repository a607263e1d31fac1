#!/usr/bin/python3
"""The board played by a finger on a phone held upright: 390 x 844 points
at 3 pixels per point, in Debian's headless Chromium with touch, as
web/browser_test.py drives it.

Plays turns of a game on the cross board (Chaupar) and then on the square
board (Chowka Bhara) between two people, by touch only, in the view a player
sees (the whole board): flings the throw, taps every pawn that can move, each
at the middle of where it is drawn, and checks that the tap chose that pawn
(it is the chosen one and its squares are lit); then taps the middle of a lit
square and checks that the move was played (the save has it). A tap that
chooses another pawn, none, or plays nothing fails the test: every pawn and
every lit square is hit at the first tap. The cross board's squares are too
small for a fingertip seen whole, so it then plays more turns on the board
enlarged with the banner's button, as a finger would: it drags the board
to look for a pawn or square out of view, and checks that every square
tapped is a fingertip wide. Where things are drawn comes from the app
(`on_screen` in src/web.rs: what a screen reader finds, with its place on
the screen; nothing out of view), never from the screenshots.

Meanwhile it times the frames the app draws while the throw tumbles and
while a pawn walks (docs/performance.md): the work of each animation frame
(the app's requestAnimationFrame callbacks, where it draws) and the time
between frames, printed and not checked: speed is measured, not tested.

    /usr/bin/python3 web/touch_test.py
"""

import json
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import (FIRST_FRAME_PROBE, SITE, events, fail,  # noqa: E402
                          saved_games, with_browser)

WIDTH, HEIGHT, SCALE = 390, 844, 3
# A fingertip, in points: a button is at least this high.
FINGERTIP = 44
# Turns played by touch on each board, and at least this many moves.
TURNS = {"Chaupar": 8, "Chowka Bhara": 8}
# Turns played after those on a board that can be enlarged, enlarged.
TURNS_ENLARGED = 6
LEAST_MOVES = 3

# Set before the page's own scripts: times every animation frame's
# callbacks (where the app draws) while `chauparFrames.phase` names what is
# moving.
FRAME_PROBE = """
(() => {
  const frames = window.chauparFrames = { phase: "", list: [] };
  const plain = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => plain((time) => {
    const begun = performance.now();
    try { callback(time); } finally {
      if (frames.phase) {
        frames.list.push({ phase: frames.phase, frame: time, ms: performance.now() - begun });
      }
    }
  });
})();
"""


# Set before the page's own scripts: the wall clock, which seeds a new
# game's throws, ticks one second each time it is read, from a fixed
# moment set again as each game starts. Every run then plays the same
# games, so that the frame figures of two builds compare the same moves.
CLOCK_PROBE = """
(() => {
  let reads = 0;
  window.chauparClockFromStart = () => { reads = 0; };
  Date.now = () => 1767225600000 + 1000 * reads++;
})();
"""


def centre(element):
    return (element["x"] + element["width"] / 2, element["y"] + element["height"] / 2)


class Phone:
    """The app on the phone: what is on its screen, and a finger."""

    def __init__(self, page):
        self.page = page
        # Whether the board is enlarged, a part of it in view.
        self.enlarged = False
        self.dragged_at = 0.0

    def screen(self):
        return json.loads(self.page.js("import('./chaupar.js').then((m) => m.on_screen())"))


    def find(self, label, screen=None):
        """The element labelled `label` (a choice with its detail after a
        colon too)."""
        found = [e for e in (screen or self.screen())
                 if e["label"] == label or e["label"].startswith(label + ": ")]
        return found[0] if found else None

    def tap(self, element):
        """A tap at the middle of where `element` is drawn, inside the page."""
        x, y = centre(element)
        if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
            fail(f"{element['label']!r} is off the screen at {x:.0f}, {y:.0f}")
        # A tap straight after a drag is taken for more dragging.
        time.sleep(max(0.0, self.dragged_at + 0.9 - time.monotonic()))
        self.page.tap(x, y)

    def tap_on_board(self, element):
        """A tap at the middle of a pawn or square, the board dragged first
        until it is in view (enlarged, the board shows only a part of
        itself). Returns the element as it was tapped."""
        element = self.reach(element)
        self.tap(element)
        return element

    def board_view(self, screen):
        view = next((e for e in screen if e["id"] == "board-view"), None)
        if view is None:
            self.page.shot("failed")
            fail("no board on the screen")
        return view

    def reach(self, element):
        """`element` wholly inside the part of the board in view, the
        enlarged board dragged toward it as often as it takes (a few times
        at most)."""
        if not self.enlarged:
            return element
        for _ in range(6):
            screen = self.screen()
            view = self.board_view(screen)
            now = next((e for e in screen if e["id"] == element["id"]), None)
            if now is None:
                self.page.shot("failed")
                fail(f"{element['label']!r} is no longer in view")
            if (view["x"] <= now["x"] and now["x"] + now["width"] <= view["x"] + view["width"]
                    and view["y"] <= now["y"]
                    and now["y"] + now["height"] <= view["y"] + view["height"]):
                return now
            # By as much as brings it to the middle of the view (the board
            # stops at its edges), at most most of the view at a time.
            (vx, vy), (x, y) = centre(view), centre(now)
            dx = max(-0.8 * view["width"], min(0.8 * view["width"], vx - x))
            dy = max(-0.8 * view["height"], min(0.8 * view["height"], vy - y))
            self.drag((vx - dx / 2, vy - dy / 2), (vx + dx / 2, vy + dy / 2))
        self.page.shot("failed")
        fail(f"dragging the board did not bring {element['label']!r} into view")

    def look_for(self, find):
        """What `find` finds on the screen (a list), the enlarged board
        looked over as a finger would if it is not in view: dragged to its
        top left corner, then across and down, a row at a time. An empty
        list if it is nowhere."""
        found = find(self.screen())
        if found or not self.enlarged:
            return found
        view = self.board_view(self.screen())
        (x, y), w, h = centre(view), view["width"], view["height"]
        for _ in range(2):
            self.drag((x - 0.4 * w, y - 0.4 * h), (x + 0.4 * w, y + 0.4 * h))
        # The enlarged board is about two and a half views across: three
        # places a row, three rows.
        for row in range(3):
            for column in range(3):
                found = find(self.screen())
                if found:
                    return found
                if column < 2:
                    across = 0.375 * w if row % 2 == 0 else -0.375 * w
                    self.drag((x + across, y), (x - across, y))
            if row < 2:
                self.drag((x, y + 0.375 * h), (x, y - 0.375 * h))
        return []

    def drag(self, start, end, steps=10):
        """A slow drag of one finger, held still before it lets go, so that
        the board moves with it and does not fly on."""
        (x0, y0), (x1, y1) = start, end
        self.page.touch("touchStart", [start])
        for i in range(1, steps + 1):
            time.sleep(0.03)
            self.page.touch("touchMove", [(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)])
        time.sleep(0.2)
        self.page.touch("touchEnd", [])
        self.dragged_at = time.monotonic()

    def tap_label(self, label, seconds=10):
        deadline = time.monotonic() + seconds
        while (element := self.find(label)) is None:
            if time.monotonic() > deadline:
                self.page.shot("failed")
                fail(f"nothing labelled {label!r} on the screen")
            time.sleep(0.1)
        self.tap(element)

    def fling(self, tray):
        x, y, w, h = tray["x"], tray["y"], tray["width"], tray["height"]
        self.page.fling((x + w * 0.2, y + h * 0.7), (x + w * 0.8, y + h * 0.4))

    def phase(self, name):
        self.page.js(f"chauparFrames.phase = {json.dumps(name)}")


def pawns(screen):
    return [e for e in screen if e["id"].startswith("pawn-")]


def movable_pawns(screen):
    return [p for p in pawns(screen) if p.get("movable")]


def lit_squares(screen):
    return [e for e in screen if e["id"].startswith("square-")]


def inside(point, element):
    x, y = point
    return (element["x"] <= x <= element["x"] + element["width"]
            and element["y"] <= y <= element["y"] + element["height"])


def moves_saved(page):
    games = saved_games(page)
    return sum(1 for save in games.values() for e in events(save) if e["kind"] == "move")


def wait_until(test, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.1)
    return None


class Tally:
    """The taps made, the narrowest pawn or square tapped, and the
    narrowest square."""

    def __init__(self):
        self.pawns = self.squares = self.moves = 0
        self.smallest = self.smallest_square = None

    def measure(self, element):
        side = min(element["width"], element["height"])
        self.smallest = side if self.smallest is None else min(self.smallest, side)
        if element["id"].startswith("square-"):
            self.smallest_square = min(side, self.smallest_square or side)


def play_turns(phone, game, turns, tally):
    """`turns` throws of the game on the screen, played by touch; every
    pawn tap and square tap checked."""
    page = phone.page
    thrown = 0
    idle_since = time.monotonic()
    while thrown < turns or any(p.get("movable") for p in pawns(phone.screen())):
        screen = phone.screen()
        movable = movable_pawns(screen)
        tray = next((e for e in screen if e["label"].startswith("Throw the dice for")
                     and e["enabled"]), None)
        passing = next((e for e in screen if e["label"] in ("Pass the turn", "Miss the turn")), None)
        if movable:
            choose_and_move(phone, game, tally)
        elif passing:
            phone.tap(passing)
        elif tray and thrown < turns:
            phone.phase(f"{game}: the throw tumbling")
            phone.fling(tray)
            page.settle(1.5)
            phone.phase("")
            thrown += 1
        elif thrown >= turns:
            break
        elif phone.look_for(movable_pawns):
            # Pawns to move, none of them in view of the enlarged board.
            choose_and_move(phone, game, tally)
        else:
            if time.monotonic() - idle_since > 20:
                page.shot("failed")
                fail(f"{game}: nothing to throw, move or pass for 20 s")
            time.sleep(0.2)
            continue
        idle_since = time.monotonic()
        page.settle(0.4)


def choose_and_move(phone, game, tally):
    """Taps every movable pawn in turn, each chosen by its tap, then a lit
    square of the last one chosen: the move is played."""
    page = phone.page
    tapped = set()
    while True:
        screen = phone.screen()
        lit = lit_squares(screen)
        # A pawn standing on a square the chosen pawn can reach is that
        # square to a tap (a pair formed, a pawn cut): left until another
        # pawn is chosen, or tapped as a square.
        waiting = [p for p in pawns(screen) if p.get("movable") and p["id"] not in tapped
                   and not any(inside(centre(p), s) for s in lit)]
        if not waiting:
            break
        pawn = waiting[0]
        tapped.add(pawn["id"])
        pawn = phone.tap_on_board(pawn)
        tally.pawns += 1

        def chosen():
            now = phone.screen()
            me = next((p for p in pawns(now) if p["id"] == pawn["id"]), None)
            if phone.enlarged and me is None:
                # Moved out of view as the board brought its squares in.
                return now if lit_squares(now) else None
            return now if me and me.get("selected") and lit_squares(now) else None
        now = wait_until(chosen, seconds=5)
        if now is None:
            page.shot("missed-pawn")
            others = [p["id"] for p in pawns(phone.screen()) if p.get("selected")]
            fail(f"a tap at the middle of {pawn['label']!r} ({pawn['id']} at"
                 f" {centre(pawn)[0]:.1f}, {centre(pawn)[1]:.1f}, {pawn['width']:.1f} points wide)"
                 f" did not choose it; chosen: {others}")
        tally.measure(pawn)
        screen = now
    lit = phone.look_for(lit_squares)
    if not lit:
        page.shot("failed")
        fail(f"no lit square after choosing a pawn: {[p['label'] for p in pawns(screen)]}")
    square = phone.reach(lit[0])
    tally.measure(square)
    before = moves_saved(page)
    phone.phase(f"{game}: a pawn walking")
    phone.tap(square)
    tally.squares += 1
    played = wait_until(lambda: moves_saved(page) > before, seconds=4)
    if not played:
        # Several ways to that square: the move buttons offer them.
        # (buttons, a finger high: not the banner's prompt)
        ways = [e for e in phone.screen() if e["enabled"] and not e["id"]
                and e["height"] >= FINGERTIP
                and e["label"].startswith(("Move ", "Enter ", "Bring "))]
        if not ways:
            page.shot("missed-square")
            fail(f"a tap at the middle of the lit square {square['label']!r} played nothing")
        phone.tap(ways[0])
        played = wait_until(lambda: moves_saved(page) > before, seconds=4)
        if not played:
            fail(f"the way {ways[0]['label']!r} to {square['label']!r} played nothing")
    page.settle(0.8)
    phone.phase("")
    tally.moves += 1


def frame_figures(page):
    """The frames timed per phase: p50 / p95 / max of each frame's work and
    of the time between frames (ms)."""
    frames = json.loads(page.js("JSON.stringify(chauparFrames.list)"))
    for phase in sorted({f["phase"] for f in frames}):
        work = {}
        for f in frames:
            if f["phase"] == phase:
                work[f["frame"]] = work.get(f["frame"], 0) + f["ms"]
        stamps = sorted(work)
        gaps = [b - a for a, b in zip(stamps, stamps[1:]) if b - a < 200]
        for name, values in (("work", list(work.values())), ("between frames", gaps)):
            if not values:
                continue
            values.sort()
            p50, p95 = values[len(values) // 2], values[int((len(values) - 1) * 0.95)]
            print(f"touch test: {phase}: {name} over {len(values)} frames:"
                  f" p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {values[-1]:.1f} ms")


def run(page, server, url):
    page.call("Page.enable")
    page.call("Runtime.enable")
    page.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
              deviceScaleFactor=SCALE, mobile=True)
    page.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    page.call("Page.addScriptToEvaluateOnNewDocument", source=FIRST_FRAME_PROBE)
    page.call("Page.addScriptToEvaluateOnNewDocument", source=FRAME_PROBE)
    page.call("Page.addScriptToEvaluateOnNewDocument", source=CLOCK_PROBE)
    page.call("Page.navigate", url=url)
    page.wait_for("window.chauparFirstFrame", "the first frame")
    page.settle(0.5)
    phone = Phone(page)
    for game, turns in TURNS.items():
        tally = Tally()
        start_game(phone, game)
        name = game.lower().replace(" ", "-")
        # The board whole, as a player first sees it: on the cross board
        # the banner offers to enlarge it, for a finger; the taps here are
        # exact, and each must land on what it aims at.
        enlargeable = phone.find("Enlarge the board") is not None
        page.shot(f"touch-{name}")
        play_turns(phone, game, turns, tally)
        page.shot(f"touch-{name}-played")
        report(game, "the board whole", turns, tally)
        if enlargeable:
            phone.tap_label("Enlarge the board")
            phone.enlarged = True
            page.settle(0.5)
            tally = Tally()
            # Its frames timed apart from those of the board whole.
            play_turns(phone, f"{game} enlarged", TURNS_ENLARGED, tally)
            page.shot(f"touch-{name}-enlarged")
            report(game, "the board enlarged", TURNS_ENLARGED, tally)
            if tally.smallest_square < FINGERTIP:
                fail(f"{game}: on the board enlarged, a square {tally.smallest_square:.1f}"
                     f" points wide, under a fingertip ({FINGERTIP})")
            phone.enlarged = False
        leave_game(phone)
    frame_figures(page)


def report(game, view, turns, tally):
    if tally.moves < LEAST_MOVES:
        fail(f"{game}, {view}: only {tally.moves} moves in {turns} throws")
    print(f"touch test: {game}: {tally.pawns} pawns and {tally.squares} lit squares tapped"
          f" at {WIDTH} x {HEIGHT} points, {SCALE} pixels per point, each at the first tap,"
          f" {tally.moves} moves; {view}, the smallest tapped {tally.smallest:.1f} points wide")


def start_game(phone, game):
    phone.tap_label("New game")
    phone.page.settle(0.6)
    phone.tap_label(game)
    phone.page.settle(0.4)
    phone.page.js("chauparClockFromStart()")
    phone.tap_label("Start the game")
    phone.page.settle(1.0)


def leave_game(phone):
    phone.tap_label("Menu")
    phone.page.settle(0.5)
    phone.tap_label("Quit to home")
    phone.page.settle(0.8)


def main():
    if not os.path.exists(os.path.join(SITE, "chaupar_bg.wasm")):
        fail("target/web has no build: run bash web/build.sh")
    browser = shutil.which("chromium") or fail("no chromium (apt-get install chromium)")
    with_browser(browser, SCALE, run)


if __name__ == "__main__":
    main()
