//! The web app: the same app in a browser's canvas (docs/web.md). The page
//! (`web/index.html`) loads this module with wasm-bindgen's glue and calls
//! [`start`]; Slint's winit backend draws into the page's `<canvas
//! id="canvas">` with its software renderer.

use std::path::PathBuf;
use std::rc::Rc;

use slint::ComponentHandle;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::app::{App, AppWindow, Play};

/// The data folder: in the browser, the prefix of the storage's keys
/// (src/store/browser.rs).
const DATA_FOLDER: &str = "chaupar";

thread_local! {
    /// The app's window once open, for [`on_screen`].
    static WINDOW: std::cell::OnceCell<slint::Weak<AppWindow>> = const { std::cell::OnceCell::new() };
}

#[wasm_bindgen]
extern "C" {
    /// The page's way of saying that the app stopped (web/index.html).
    #[wasm_bindgen(js_name = chauparFailed)]
    fn page_failed(message: &str);
}

/// Opens the app in the page's canvas. It never returns normally: winit
/// hands the page back to the browser by throwing a JavaScript exception
/// that the page expects, and the app lives on in the browser's event loop.
#[wasm_bindgen]
pub fn start() -> Result<(), JsValue> {
    // A panic ends the module (panic = abort); say so on the page first.
    std::panic::set_hook(Box::new(|info| page_failed(&info.to_string())));
    size_canvas_by_page_scale()?;
    let app = Rc::new(App::new(Some(PathBuf::from(DATA_FOLDER)))?);
    WINDOW.with(|window| window.set(app.window().as_weak()).ok());
    app.window().set_page_sized(true);
    size_to_page(app.window().window())?;
    follow_page_size(&app)?;
    save_when_hidden(&app)?;
    app.window().run()?;
    Ok(())
}

/// Makes the page's `devicePixelRatio` the one source of both the drawing's
/// scale and the canvas's pixels. winit gives Slint that ratio as the scale
/// but counts the canvas's pixels by the device pixels the browser reports
/// for it (a `ResizeObserver`'s `devicePixelContentBoxSize`), and the two
/// disagree in a desktop browser's phone view (DevTools' device mode: a
/// ratio of 2 or 3 over one pixel per point), where the app drew everything
/// at the square of the scale. Without that report winit counts the canvas's
/// size in points times the ratio, as it does in Safari, which has never
/// had it. Called before the window exists: winit looks once.
fn size_canvas_by_page_scale() -> Result<(), JsValue> {
    let entry = js_sys::Reflect::get(&js_sys::global(), &"ResizeObserverEntry".into())?;
    if entry.is_undefined() {
        return Ok(());
    }
    let prototype: js_sys::Object =
        js_sys::Reflect::get(&entry, &"prototype".into())?.unchecked_into();
    js_sys::Reflect::delete_property(&prototype, &"devicePixelContentBoxSize".into())?;
    Ok(())
}

/// Gives the window the page's scale and the size of the page's screen
/// area (`#screen`, inside the phone's safe areas), before it is first shown
/// and whenever the page changes size (the phone turned). Slint's winit
/// backend would otherwise draw its first frame at a scale of 1 in a buffer
/// sized for the page's (a phone's 2 or 3), where its software renderer
/// stops; and a window given a size keeps it until given another.
fn size_to_page(window: &slint::Window) -> Result<(), JsValue> {
    let page = web_sys::window().ok_or("no browser window")?;
    let screen = page
        .document()
        .and_then(|document| document.get_element_by_id("screen"))
        .ok_or("the page has no #screen")?;
    let scale = page.device_pixel_ratio() as f32;
    if window.scale_factor() != scale {
        window.dispatch_event(slint::platform::WindowEvent::ScaleFactorChanged {
            scale_factor: scale,
        });
    }
    let logical =
        slint::LogicalSize::new(screen.client_width() as f32, screen.client_height() as f32);
    window.set_size(logical.to_physical(scale));
    Ok(())
}

/// Follows the page's size: the phone turned, the browser's bars shown or
/// hidden.
fn follow_page_size(app: &Rc<App>) -> Result<(), JsValue> {
    let page = web_sys::window().ok_or("no browser window")?;
    let window = app.window().as_weak();
    let resized = Closure::<dyn Fn()>::new(move || {
        if let Some(window) = window.upgrade() {
            // Nothing to resize into if the page lost its screen area.
            let _ = size_to_page(window.window());
        }
    });
    page.add_event_listener_with_callback("resize", resized.as_ref().unchecked_ref())?;
    // The listener lasts as long as the page.
    resized.forget();
    Ok(())
}

/// The event loop never returns on the web, so pending saves are written
/// when the page is hidden: `visibilitychange` when the phone goes to
/// another app or the home screen (after which the browser may end the page
/// without another word), `pagehide` when the tab closes or navigates away.
fn save_when_hidden(app: &Rc<App>) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no browser window")?;
    let document = window.document().ok_or("no document")?;
    let app = app.clone();
    let flush = Closure::<dyn Fn()>::new(move || app.flush_saves());
    let listener = flush.as_ref().unchecked_ref();
    window.add_event_listener_with_callback("pagehide", listener)?;
    document.add_event_listener_with_callback("visibilitychange", listener)?;
    // The listeners last as long as the page.
    flush.forget();
    Ok(())
}

/// Times the Hard computer player in this browser, with `performance.now()`
/// (web-time's clock here): over move decisions met while Medium plays
/// every game against itself (`seeds` games each), the milliseconds each
/// decision takes stepped to its end, and the longest single step of each,
/// which is how long it holds the page at most. The browser test calls it
/// for docs/performance.md; JSON `{"decisions": [...], "steps": [...]}`.
#[wasm_bindgen]
pub fn time_hard_decisions(seeds: u32) -> String {
    use crate::ai::{choose, Decision, Level};
    use crate::dice::{SeededThrows, ThrowSource};
    use crate::rules::{AfterThrow, Game, Options, Phase, Position, Turn};
    use crate::work::Work;
    use web_time::Instant;

    let ms = |since: Instant| since.elapsed().as_secs_f64() * 1e3;
    let (mut decisions, mut steps) = (Vec::new(), Vec::new());
    for game in Game::ALL {
        let Ok(start) = Position::start(game, Options::new(game)) else {
            continue;
        };
        for seed in 0..u64::from(seeds) {
            let mut throws = SeededThrows::new(seed);
            let mut turn = Turn::new(start);
            // Every 8th decision of a game, to keep the run short.
            let mut met = 0u32;
            for _ in 0..2_000 {
                if turn.phase() == Phase::Over {
                    break;
                }
                while turn.add_throw(throws.throw(turn.implement())) == AfterThrow::Bonus {}
                while turn.phase() == Phase::Move {
                    met += 1;
                    if met.is_multiple_of(8) {
                        let mut decision = Decision::new(&turn, Level::Hard, seed);
                        let (begun, mut longest) = (Instant::now(), 0.0f64);
                        loop {
                            let step = Instant::now();
                            let done = decision.step();
                            longest = longest.max(ms(step));
                            if done.is_some() {
                                break;
                            }
                        }
                        decisions.push(ms(begun));
                        steps.push(longest);
                    }
                    let Some(next) = choose(&turn, Level::Medium, seed) else {
                        break;
                    };
                    turn.play_unchecked(next);
                }
            }
        }
    }
    serde_json::json!({ "decisions": decisions, "steps": steps }).to_string()
}

/// What is on the screen, found as a screen reader finds it: every element
/// with an accessible label or id, where it is drawn (in the page's points
/// from the canvas's top left corner), whether it is enabled, and for the
/// board's pawns (accessible id `pawn-<id>`) whether they can move and are
/// chosen; lit squares have the id `square-<cell>`. The browser test finds
/// where to tap by it. JSON `[{"label", "id", "enabled", "x", "y", "width",
/// "height", "movable", "selected"}]`; empty before the app is open.
#[wasm_bindgen]
pub fn on_screen() -> String {
    use i_slint_backend_testing::ElementQuery;
    use slint::Model;

    let Some(window) = WINDOW.with(|window| window.get().and_then(|weak| weak.upgrade())) else {
        return "[]".into();
    };
    let pawns = window.global::<Play>().get_pawns();
    let elements = ElementQuery::from_root(&window)
        .match_predicate(|e| {
            let said = |text: Option<slint::SharedString>| text.is_some_and(|t| !t.is_empty());
            said(e.accessible_label()) || said(e.accessible_id())
        })
        .find_all();
    let shown: Vec<serde_json::Value> = elements
        .iter()
        .map(|element| {
            let (at, size) = (element.absolute_position(), element.size());
            let id = element.accessible_id().unwrap_or_default();
            let mut entry = serde_json::json!({
                "label": element.accessible_label().unwrap_or_default().as_str(),
                "id": id.as_str(),
                "enabled": element.accessible_enabled().unwrap_or(true),
                "x": at.x, "y": at.y, "width": size.width, "height": size.height,
            });
            let pawn = id.strip_prefix("pawn-").and_then(|n| n.parse::<i32>().ok());
            if let Some(data) = pawn.and_then(|n| pawns.iter().find(|p| p.id == n)) {
                entry["movable"] = data.movable.into();
                entry["selected"] = data.selected.into();
            }
            entry
        })
        .collect();
    serde_json::Value::from(shown).to_string()
}
