#!/usr/bin/python3
"""The web app in a real browser: Debian's headless Chromium, driven through
the DevTools protocol (python3-websocket), at a phone's size with touch.

Serves target/web on localhost, opens it, measures the first frame, starts a
game of Chowka Bhara between two people by tapping, flings the cowries, moves
a pawn by tapping it and then its lit square, reloads and finds the game
resumed where it was, checks that a damaged save is kept aside and listed,
that Chromium finds the app installable, and that it opens and plays with
the network off. Checks that the sounds start on the first touch and not
before, reach the speakers at the volume set, and stay silent with sound
off. Then, in a desktop browser's phone view (the page's scale emulated,
the screen's own left at 1), checks that the canvas has the page's scale in
pixels and Home is drawn as on the phone. Screenshots go to
target/web-test/. Exits non-zero on the first thing that fails.

    /usr/bin/python3 web/browser_test.py [--dpr 2]
"""

import argparse
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, "target", "web")
SHOTS = os.path.join(ROOT, "target", "web-test")

# Set before the page's own scripts: notes the moment the canvas first holds
# a drawn pixel, in the page's clock (0 is the start of navigation).
FIRST_FRAME_PROBE = """
(() => {
  const look = () => {
    const canvas = document.getElementById("canvas");
    if (canvas && canvas.width > 0) {
      const ctx = canvas.getContext("2d");
      const px = ctx.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data;
      if (px[3] !== 0) { window.chauparFirstFrame = performance.now(); return; }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""

# A sound scheduled this long before the clock at its start is late.
LATE = 0.05

# Set before the page's own scripts: keeps what the app does with Web Audio.
# Every AudioContext made (and the browser's own constructor, to try one
# outside a touch), every buffer started (its length, its loudest sample,
# the context's state and clock), and the loudest sample reaching the
# speakers, read by an analyser beside each connection to them.
AUDIO_PROBE = """
(() => {
  const heard = window.chauparAudio = {
    Plain: window.AudioContext, contexts: [], started: [], loudest: 0,
  };
  window.AudioContext = class extends heard.Plain {
    constructor(...args) { super(...args); heard.contexts.push(this); }
  };
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (when, ...rest) {
    const samples = this.buffer.getChannelData(0);
    heard.started.push({
      state: this.context.state, now: this.context.currentTime, when,
      seconds: this.buffer.duration,
      peak: samples.reduce((m, x) => Math.max(m, Math.abs(x)), 0),
    });
    return start.call(this, when, ...rest);
  };
  const connect = AudioNode.prototype.connect;
  AudioNode.prototype.connect = function (to, ...rest) {
    if (to instanceof AudioDestinationNode) {
      const analyser = this.context.createAnalyser();
      analyser.fftSize = 32768;
      connect.call(this, analyser);
      const samples = new Float32Array(analyser.fftSize);
      setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        for (const x of samples) heard.loudest = Math.max(heard.loudest, Math.abs(x));
      }, 20);
    }
    return connect.call(this, to, ...rest);
  };
})();
"""


def fail(message):
    print(f"browser test: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Page:
    """One browser tab over the DevTools protocol."""

    def __init__(self, ws_url):
        self.ws = websocket.create_connection(ws_url, timeout=120, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    fail(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def js(self, expression):
        result = self.call("Runtime.evaluate", expression=expression,
                           returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            fail(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, what, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.js("document.documentElement && document.documentElement.dataset.state") == "failed":
                notice = self.js("document.getElementById('notice').textContent")
                fail(f"the page says the app stopped: {notice}")
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.05)
        fail(f"{what}: not within {seconds} s")

    def settle(self, seconds=1.2):
        """Lets animations (a throw's tumble, a pawn's walk) finish."""
        time.sleep(seconds)

    def shot(self, name):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        path = os.path.join(SHOTS, f"{name}.png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
        print(f"browser test: screenshot {os.path.relpath(path, ROOT)}")
        return data

    def touch(self, kind, points):
        self.call("Input.dispatchTouchEvent", type=kind,
                  touchPoints=[{"x": x, "y": y} for x, y in points])

    def tap(self, x, y):
        self.touch("touchStart", [(x, y)])
        time.sleep(0.05)
        self.touch("touchEnd", [])
        time.sleep(0.3)

    def fling(self, start, end, steps=8):
        """A quick drag of one finger, let go while still moving."""
        (x0, y0), (x1, y1) = start, end
        self.touch("touchStart", [(x0, y0)])
        for i in range(1, steps + 1):
            time.sleep(0.012)
            self.touch("touchMove", [(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)])
        self.touch("touchEnd", [])

    def storage(self):
        return self.js("JSON.stringify(Object.fromEntries(Object.entries(localStorage)))")


def saved_games(page):
    """The game saves in the page's storage, by key, decoded."""
    stored = json.loads(page.storage())
    return {key: json.loads(value) for key, value in stored.items()
            if key.startswith("chaupar/games/") and key.endswith(".json")}


def the_one_game(page):
    games = saved_games(page)
    if len(games) != 1:
        fail(f"expected one saved game, found {sorted(games)}")
    return next(iter(games.items()))


def throws_saved(page, before, problem):
    """Waits for the game's save to hold more than `before` events: the
    autosave writes once the throw has stopped tumbling."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if len(events(the_one_game(page)[1])) > before:
            return
        time.sleep(0.2)
    page.shot("failed")
    fail(problem)


def events(save):
    return save["game"]["record"]["events"]


def heard(page):
    """What the app did with Web Audio since the page opened (AUDIO_PROBE)."""
    return json.loads(page.js(
        "JSON.stringify({contexts: chauparAudio.contexts.map((c) => c.state),"
        " started: chauparAudio.started, loudest: chauparAudio.loudest})"))


def set_sound(page, **sound):
    """Changes the saved settings' sound, for the next time the page opens."""
    stored = page.js("localStorage.getItem('chaupar/settings.json')") or fail("no saved settings")
    stored = json.loads(stored)
    stored["settings"]["sound"].update(sound)
    page.js(f"localStorage.setItem('chaupar/settings.json', {json.dumps(json.dumps(stored))})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dpr", type=float, default=2)
    args = parser.parse_args()
    # The taps' places below are for this size.
    width, height = 360, 640
    if not os.path.exists(os.path.join(SITE, "chaupar_bg.wasm")):
        fail("target/web has no build: run bash web/build.sh")
    os.makedirs(SHOTS, exist_ok=True)
    browser = shutil.which("chromium") or fail("no chromium (apt-get install chromium)")

    # The phone's own density, as on a phone: the browser's scale forced to
    # match the emulated one. Then a desktop browser's phone view, where
    # only the emulated scale is set.
    home = with_browser(browser, args.dpr, lambda page, server, url:
                        run(page, server, url, width, height, args.dpr))
    with_browser(browser, None, lambda page, server, url:
                 phone_view(page, url, width, height, home))


def with_browser(browser, forced_scale, body):
    """Serves target/web and runs body(page, server, url) in a fresh headless
    Chromium, its screen's scale forced to forced_scale unless None."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port), "-d", SITE],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    profile = tempfile.mkdtemp(prefix="chaupar-chromium-")
    scale = [] if forced_scale is None else [f"--force-device-scale-factor={forced_scale:g}"]
    chrome = subprocess.Popen(
        [browser, "--headless=new", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic",
         "--disable-dev-shm-usage", "--remote-allow-origins=*",
         # Chrome's own rule, named so that no default can change it: a
         # page makes sound only once it has been touched, clicked or typed
         # in.
         "--autoplay-policy=document-user-activation-required",
         *scale,
         f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        return body(Page(devtools(profile)), server, f"http://127.0.0.1:{port}/")
    finally:
        chrome.terminate()
        chrome.wait()
        if server.poll() is None:
            server.terminate()
            server.wait()
        shutil.rmtree(profile, ignore_errors=True)


def devtools(profile):
    active = os.path.join(profile, "DevToolsActivePort")
    deadline = time.monotonic() + 30
    while not os.path.exists(active) or os.path.getsize(active) == 0:
        if time.monotonic() > deadline:
            fail("Chromium did not start")
        time.sleep(0.1)
    port = open(active).read().split()[0]
    targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
    return next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")


def run(page, server, url, width, height, dpr):
    """The app played by touch; returns the Home screen's screenshot."""
    page.call("Page.enable")
    page.call("Runtime.enable")
    page.call("Log.enable")
    page.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
              deviceScaleFactor=dpr, mobile=True)
    page.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    page.call("Page.addScriptToEvaluateOnNewDocument", source=FIRST_FRAME_PROBE)
    page.call("Page.addScriptToEvaluateOnNewDocument", source=AUDIO_PROBE)

    def open_app(what):
        page.call("Page.navigate", url=url)
        first = page.wait_for("window.chauparFirstFrame", f"the first frame ({what})")
        print(f"browser test: first frame {first:.0f} ms after opening the page ({what})")
        page.settle(0.5)
        return first

    open_app("first visit")
    home = page.shot("home")
    # No sound before a touch: the app has made no AudioContext, and one
    # made now, outside a touch, could not start (the autoplay rule is on).
    if heard(page)["contexts"]:
        fail(f"an AudioContext before any touch: {heard(page)}")
    untouched = page.js("(() => { const c = new chauparAudio.Plain(); const s = c.state;"
                        " c.close(); return s; })()")
    if untouched != "suspended":
        fail(f"an AudioContext made outside a touch is {untouched}: no autoplay rule to test")
    page.tap(*HOME_NEW_GAME)
    page.wait_for("chauparAudio.contexts.length == 1 && chauparAudio.contexts[0].state == 'running'",
                  "the sound started by the first touch", seconds=10)
    print("browser test: no sound before a touch; the first touch starts it")
    page.settle(0.6)
    page.tap(*NEW_GAME_CHOWKA_BHARA)
    page.settle(0.6)
    page.shot("new-game")
    page.tap(*NEW_GAME_START)
    page.settle(1.0)
    game_id, save = the_one_game(page)
    if events(save):
        fail(f"a new game has events already: {events(save)}")
    page.shot("game")

    # Red's turn by touch: fling the cowries, tap the pawns on red's entry
    # square and then the lit square a value left reaches, until it is
    # yellow's turn (a 4 or an 8 throws again before moving).
    for step in range(20):
        _, save = the_one_game(page)
        if save["summary"]["to_move"] == 1:  # Player 2, yellow
            break
        record = events(save)
        left = red_values_left(record)
        # Chowka Bhara's 4 and 8 throw again before any move.
        bonus = record and record[-1]["kind"] == "throw" and record[-1]["values"][-1] in (4, 8)
        if left and not bonus:
            page.tap(*cell(RED_ENTRY))
            page.settle(0.6)
            page.shot("pawn-chosen")
            page.tap(*cell(RED_PATH[left[0]]))
        else:
            page.fling(*TRAY_FLING)
        page.settle(2.0)
    else:
        fail(f"red's turn did not end by touch: {events(save)}")
    if not any(event["kind"] == "move" for event in events(save)):
        fail(f"no move was made by tapping: {events(save)}")
    page.shot("moved")
    moved = events(save)
    print(f"browser test: thrown and moved by touch: {moved}")
    sounds = heard(page)
    started = sounds["started"]
    if not any(s["seconds"] >= 0.35 for s in started) or not any(s["seconds"] < 0.1 for s in started):
        fail(f"the throws and the steps were not all heard: {started}")
    # The clock the app read to schedule a sound may have moved on by a
    # device buffer or two (a few ms) when the probe reads it: late means
    # scheduled for a moment already well past.
    if any(s["state"] != "running" or s["when"] < s["now"] - LATE or s["peak"] <= 0
           for s in started):
        fail(f"a sound started silent, late or on a stopped context: {started}")
    if not 0.02 < sounds["loudest"] < 1:
        fail(f"the speakers got {sounds['loudest']} at their loudest")
    print(f"browser test: {len(started)} sounds played, "
          f"{sounds['loudest']:.3f} at the speakers at their loudest")

    # At a lower volume (the Settings screen's Quiet: 35), the next throw
    # is heard alone at a quarter of its amplitude at 70.
    set_sound(page, on=True, volume=35)

    open_app("reload")
    page.shot("home-after-reload")
    page.tap(*HOME_CONTINUE)
    page.settle(1.0)
    page.shot("resumed")
    resumed_id, save = the_one_game(page)
    if (resumed_id, events(save)) != (game_id, moved):
        fail(f"after the reload: {resumed_id} {events(save)}, not {game_id} {moved}")
    # The game on the screen is that game: a throw now adds to its record.
    page.fling(*TRAY_FLING)
    throws_saved(page, len(moved), "no throw after resuming")
    resumed_id, save = the_one_game(page)
    if resumed_id != game_id or events(save)[: len(moved)] != moved or len(events(save)) <= len(moved):
        fail(f"a throw after resuming gave {resumed_id} {events(save)}")
    print("browser test: resumed after a reload and thrown again")
    page.settle(1.5)
    sounds = heard(page)
    if len(sounds["started"]) != 1:
        fail(f"one throw, not these sounds: {sounds['started']}")
    want = sounds["started"][0]["peak"] * 0.35 ** 2
    if abs(sounds["loudest"] - want) > 0.05 * want:
        fail(f"at volume 35 the throw reached the speakers at {sounds['loudest']:.4f}, not {want:.4f}")
    print(f"browser test: at volume 35 the throw is heard at {sounds['loudest']:.4f} ({want:.4f} wanted)")

    # Installable: Chromium's own verdict, once the service worker runs.
    page.wait_for("navigator.serviceWorker.ready.then((r) => !!r.active)",
                  "the service worker")
    errors = page.call("Page.getInstallabilityErrors")["installabilityErrors"]
    if errors:
        fail(f"not installable: {errors}")
    manifest = page.call("Page.getAppManifest")
    if manifest.get("errors"):
        fail(f"the manifest has errors: {manifest['errors']}")
    print("browser test: installable (no installability errors)")

    # A damaged save is kept aside under a name that says so, and listed.
    page.js("localStorage.setItem('chaupar/games/game-1.json', '{\"format\": \"chaupar-save\", ')")
    open_app("a damaged save")
    stored = json.loads(page.storage())
    if "chaupar/games/game-1.json" in stored or "chaupar/games/game-1.json.damaged" not in stored:
        fail(f"the damaged save was not set aside: {sorted(stored)}")
    page.tap(*HOME_SAVED_GAMES)
    page.settle(0.8)
    page.shot("saved-games-damaged")
    print("browser test: a damaged save is kept aside and listed")

    # Offline: with the server gone, the page comes from the service worker's
    # cache and the game goes on. With sound off, silently.
    set_sound(page, on=False)
    server.terminate()
    server.wait()
    open_app("offline")
    known = set(saved_games(page))
    page.tap(*HOME_NEW_GAME_BELOW_CONTINUE)
    page.settle(0.6)
    page.tap(*NEW_GAME_START)  # the table chosen last: Chowka Bhara
    page.settle(1.0)
    page.fling(*TRAY_FLING)
    deadline = time.monotonic() + 15
    while not any(events(save) for key, save in saved_games(page).items() if key not in known):
        if time.monotonic() > deadline:
            page.shot("failed")
            fail("no new game thrown offline")
        time.sleep(0.2)
    page.shot("offline")
    print("browser test: opens and plays offline")
    page.settle(1.0)
    if heard(page)["started"]:
        fail(f"sounds played with sound off: {heard(page)['started']}")
    print("browser test: with sound off the throw is silent")

    # The phone turned, and a bigger phone: the app follows the page's size.
    for w, h in ((640, 360), (430, 932)):
        page.call("Emulation.setDeviceMetricsOverride", width=w, height=h,
                  deviceScaleFactor=dpr, mobile=True)
        page.wait_for(f"canvas.clientWidth == {w} && canvas.clientHeight == {h}",
                      f"the canvas at {w} x {h}", seconds=10)
        page.settle(1.0)
        page.shot(f"game-{w}x{h}")

    # Hard's decisions, timed in the page with performance.now().
    timed = json.loads(page.js("import('./chaupar.js').then((m) => m.time_hard_decisions(2))"))
    for name, values in (("decision", timed["decisions"]), ("longest step", timed["steps"])):
        values.sort()
        p50, p95 = values[len(values) // 2], values[int((len(values) - 1) * 0.95)]
        print(f"browser test: Hard's {name} over {len(values)} decisions: "
              f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {values[-1]:.1f} ms")
    return home


def phone_view(page, url, width, height, home):
    """A desktop browser's phone view (DevTools' device mode): the page's
    devicePixelRatio emulated, the screen's own scale left at 1. At 3 pixels
    per point the canvas has the page's scale in pixels and Home is drawn as
    on the phone; then another phone from the device list, bigger and at
    2.625, and the canvas follows both its size and its scale."""
    page.call("Page.enable")
    page.call("Runtime.enable")
    page.call("Page.addScriptToEvaluateOnNewDocument", source=FIRST_FRAME_PROBE)
    for w, h, dpr in ((width, height, 3), (412, 915, 2.625)):
        page.call("Emulation.setDeviceMetricsOverride", width=w, height=h,
                  deviceScaleFactor=dpr, mobile=True)
        if (w, h) == (width, height):
            page.call("Page.navigate", url=url)
            page.wait_for("window.chauparFirstFrame", "the first frame (phone view)")
        page.wait_for(f"devicePixelRatio == {dpr} && canvas.clientWidth == {w}"
                      f" && Math.abs(canvas.width - {w * dpr}) <= 1"
                      f" && Math.abs(canvas.height - {h * dpr}) <= 1",
                      f"the canvas at {w * dpr:g} x {h * dpr:g} pixels for {w} x {h} points"
                      f" at {dpr:g} pixels per point", seconds=10)
        page.settle(1.0)
        shot = page.shot(f"home-phone-view-{w}x{h}")
        print(f"browser test: phone view at {w} x {h} points, {dpr:g} pixels per point:"
              " the canvas at the page's scale")
        if (w, h) == (width, height):
            # Home at 3 pixels per point here and at 2 on the phone.
            difference = page.js(IMAGE_DIFFERENCE % (width, height, home, shot))
            if difference > HOME_DIFFERENCE:
                fail(f"Home in the phone view differs from Home on the phone by"
                     f" {difference:.3f} (home-phone-view-{w}x{h}.png against home.png)")
            print(f"browser test: phone view: Home as on the phone (difference {difference:.3f})")


# Two screenshots (base64 PNG) both drawn at width x height points: the mean
# difference of their channels, 0 to 1, in the page.
IMAGE_DIFFERENCE = """
(async () => {
  const [w, h] = [%d, %d];
  const pixels = async (png) => {
    const image = await createImageBitmap(await (await fetch("data:image/png;base64," + png)).blob());
    const context = new OffscreenCanvas(w, h).getContext("2d");
    context.drawImage(image, 0, 0, w, h);
    return context.getImageData(0, 0, w, h).data;
  };
  const [a, b] = await Promise.all([pixels("%s"), pixels("%s")]);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length / 255;
})()
"""
# Home drawn at 3 pixels per point against 2 differs in its letters' edges
# (0.004); drawn at the square of the scale, its title cut and its buttons
# off the edge, by 0.07.
HOME_DIFFERENCE = 0.02


# Where to touch at 360 x 640 (CSS pixels), read off the screenshots.
HOME_NEW_GAME = (180, 347)
HOME_CONTINUE = (180, 319)
# Below Continue, when there is a game to continue.
HOME_NEW_GAME_BELOW_CONTINUE = (180, 375)
HOME_SAVED_GAMES = (180, 487)
NEW_GAME_CHOWKA_BHARA = (180, 372)
NEW_GAME_START = (180, 610)
TRAY_FLING = ((90, 470), (270, 440))
# The 5 x 5 board's squares: column and row centres.
COLUMNS = (55, 117.5, 180, 242.5, 305)
ROWS = (119, 181, 244, 306, 369)
RED_ENTRY = (2, 4)
# Red's path from its entry (bottom middle), anticlockwise round the rim.
RED_PATH = [(2, 4), (3, 4), (4, 4), (4, 3), (4, 2), (4, 1), (4, 0), (3, 0), (2, 0)]


def red_values_left(record):
    """The values red has thrown this turn and not yet moved by."""
    turn = []
    for event in record:
        turn = turn + [event] if event["by"] == "red" else []
    left = [value for event in turn if event["kind"] == "throw" for value in event["values"]]
    for event in turn:
        if event["kind"] == "move" and event["to"] - event["from"] in left:
            left.remove(event["to"] - event["from"])
    return left


def cell(col_row):
    col, row = col_row
    return (COLUMNS[col], ROWS[row])


def red_square(steps):
    return RED_PATH[steps]


if __name__ == "__main__":
    main()
