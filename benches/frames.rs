//! How long the desktop app takes to draw a frame while the throw tumbles
//! and while a pawn walks: the app in a 1280 x 800 window at one pixel per
//! point, drawn by Slint's software renderer into a buffer kept from frame
//! to frame (so that only what changed is drawn, as on the desktop), the
//! clock moved on by a 60 Hz frame between draws. Games of Chaupar (long
//! dice) and Chowka Bhara (cowries) between people, played through the game
//! screen's own callbacks; each drawn frame's time is kept by what moves.
//!
//! `cargo run --release --example frames` (one thread; built as an example,
//! Cargo.toml says why); docs/performance.md.

use chaupar::app::{App, Play};
use chaupar::rules::{Game, Match, Options, Position};
use slint::platform::software_renderer::{
    MinimalSoftwareWindow, PremultipliedRgbaColor, RepaintBufferType,
};
use slint::platform::{Platform, WindowAdapter};
use slint::{ComponentHandle, Model, PhysicalSize};
use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 800;
/// One frame at 60 Hz.
const FRAME: Duration = Duration::from_micros(16_667);
/// Throws timed per game.
const THROWS: usize = 40;

/// The app's platform here: one window drawn into a buffer, and a clock
/// that moves only when told.
struct Bench {
    window: Rc<MinimalSoftwareWindow>,
    now: Rc<Cell<Duration>>,
}

impl Platform for Bench {
    fn create_window_adapter(&self) -> Result<Rc<dyn WindowAdapter>, slint::PlatformError> {
        Ok(self.window.clone())
    }

    fn duration_since_start(&self) -> Duration {
        self.now.get()
    }
}

/// The window, its buffer and clock: draws frames and times them.
struct Screen {
    window: Rc<MinimalSoftwareWindow>,
    now: Rc<Cell<Duration>>,
    buffer: Vec<PremultipliedRgbaColor>,
}

impl Screen {
    /// Moves the clock on by one frame and draws what changed; the time
    /// drawing took, if anything was drawn.
    fn frame(&mut self) -> Option<Duration> {
        self.now.set(self.now.get() + FRAME);
        slint::platform::update_timers_and_animations();
        let mut took = None;
        let buffer = &mut self.buffer;
        self.window.draw_if_needed(|renderer| {
            let begun = Instant::now();
            renderer.render(buffer, WIDTH as usize);
            took = Some(begun.elapsed());
        });
        took
    }

    /// Draws `frames` frames, keeping the times of those drawn.
    fn frames(&mut self, frames: usize, times: &mut Vec<Duration>) {
        times.extend((0..frames).filter_map(|_| self.frame()));
    }
}

/// Throws and moves through the game screen's callbacks, as taps would:
/// `THROWS` throws, each followed by the moves it gives (the first movable
/// pawn to its first lit square), timing the frames of each.
fn play(app: &App, screen: &mut Screen, tumble: &mut Vec<Duration>, walk: &mut Vec<Duration>) {
    let play = app.window().global::<Play>();
    let mut thrown = 0;
    for _ in 0..2_000 {
        if play.get_can_throw() {
            if thrown == THROWS {
                return;
            }
            play.invoke_throw(0.6);
            thrown += 1;
            // The tumble is over well within a second.
            screen.frames(60, tumble);
        } else if play.get_can_pass() {
            play.invoke_pass_turn();
            screen.frames(2, &mut Vec::new());
        } else if let Some(pawn) = play.get_pawns().iter().find(|p| p.movable) {
            play.invoke_tap_pawn(pawn.id);
            screen.frames(2, &mut Vec::new());
            let Some(cell) = play.get_cells().iter().find(|c| c.target) else {
                panic!("a chosen pawn lights its squares");
            };
            play.invoke_tap_cell(cell.index);
            if play.get_choices().row_count() > 0 {
                play.invoke_choose(0);
            }
            // Until the walk is over (a long one takes about 2 s).
            screen.frames(150, walk);
        } else {
            // The game is over, or waits for nothing the bench does.
            return;
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1e3
}

fn report(what: &str, times: &mut [Duration]) {
    times.sort();
    if times.is_empty() {
        println!("{what}: no frames drawn");
        return;
    }
    println!(
        "{what}: {} frames drawn, ms p50 {:.2} / p95 {:.2} / max {:.2}",
        times.len(),
        percentile(times, 0.5),
        percentile(times, 0.95),
        percentile(times, 1.0),
    );
}

fn main() {
    let window = MinimalSoftwareWindow::new(RepaintBufferType::ReusedBuffer);
    let now = Rc::new(Cell::new(Duration::ZERO));
    slint::platform::set_platform(Box::new(Bench {
        window: window.clone(),
        now: now.clone(),
    }))
    .expect("the only platform");
    let data = std::env::temp_dir().join(format!("chaupar-frames-{}", std::process::id()));
    let app = App::new(Some(data.clone())).expect("the app opens");
    window.set_size(PhysicalSize::new(WIDTH, HEIGHT));
    app.window().show().expect("the window shows");
    let mut screen = Screen {
        window,
        now,
        buffer: vec![PremultipliedRgbaColor::default(); (WIDTH * HEIGHT) as usize],
    };
    for game in [Game::Chaupar, Game::ChowkaBhara] {
        let start = Position::start(game, Options::new(game)).expect("the game's start");
        app.start(
            Match::from_position(start, 7),
            Default::default(),
            Default::default(),
        );
        // The first frame of the game screen is drawn whole.
        let mut whole = Vec::new();
        screen.frames(30, &mut whole);
        let (mut tumble, mut walk) = (Vec::new(), Vec::new());
        play(&app, &mut screen, &mut tumble, &mut walk);
        println!("{game:?} at {WIDTH} x {HEIGHT}:");
        report("  first frames of the game screen", &mut whole[..1]);
        report("  the throw tumbling", &mut tumble);
        report("  a pawn walking", &mut walk);
    }
    let _ = std::fs::remove_dir_all(data);
}
