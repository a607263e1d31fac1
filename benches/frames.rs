//! How long the desktop app takes to draw a frame while the throw tumbles
//! and while a pawn walks: the app in a 1280 x 800 window at one pixel per
//! point, drawn by Slint's software renderer into a buffer kept from frame
//! to frame (so that only what changed is drawn, as on the desktop), the
//! clock moved on by a 60 Hz frame between draws. Games of Chaupar (long
//! dice) and Chowka Bhara (cowries) between people, played through the game
//! screen's own callbacks; each drawn frame's time is kept by what was
//! moving as it was drawn (the throw tumbling, pawns walking, or neither:
//! lit pawns pulsing, the turn passing), with how much of the window it
//! drew (which, unlike the time, does not depend on what else the machine
//! is doing).
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

/// One frame drawn: how long it took, and how many pixels it drew (the
/// region Slint found changed, at most three rectangles: changes far apart
/// in one frame are drawn as the boxes round them).
struct Drawn {
    time: Duration,
    pixels: u64,
}

/// The window, its buffer and clock: draws frames and times them.
struct Screen {
    window: Rc<MinimalSoftwareWindow>,
    now: Rc<Cell<Duration>>,
    buffer: Vec<PremultipliedRgbaColor>,
}

impl Screen {
    /// Moves the clock on by one frame, then draws what changed, keeping
    /// the frame in `frames` by what was moving: the time drawing took and
    /// the pixels drawn, if anything was drawn.
    fn frame(&mut self, play: &Play, frames: &mut Frames) {
        self.now.set(self.now.get() + FRAME);
        slint::platform::update_timers_and_animations();
        let row = if play.get_tumbling() {
            &mut frames.tumbling
        } else if play.get_busy() {
            &mut frames.walking
        } else {
            &mut frames.between
        };
        let buffer = &mut self.buffer;
        self.window.draw_if_needed(|renderer| {
            let begun = Instant::now();
            let region = renderer.render(buffer, WIDTH as usize);
            row.push(Drawn {
                time: begun.elapsed(),
                pixels: region
                    .iter()
                    .map(|(_, size)| u64::from(size.width) * u64::from(size.height))
                    .sum(),
            });
        });
    }

    /// Draws `count` frames, keeping those drawn.
    fn frames(&mut self, count: usize, play: &Play, frames: &mut Frames) {
        for _ in 0..count {
            self.frame(play, frames);
        }
    }
}

/// The frames drawn, by what was moving while each was drawn.
#[derive(Default)]
struct Frames {
    /// The throw tumbling in the tray.
    tumbling: Vec<Drawn>,
    /// Pawns walking to their square, square by square.
    walking: Vec<Drawn>,
    /// Neither: the pawns and squares that can be tapped pulsing while a
    /// player chooses, the turn passing to the next player (its banner,
    /// tray and standings changing), a cut pawn's flight back.
    between: Vec<Drawn>,
}

/// Throws and moves through the game screen's callbacks, as taps would:
/// `THROWS` throws, each followed by the moves it gives (the first movable
/// pawn to its first lit square, or the move button offered), timing the
/// frames after each.
fn play_game(app: &App, screen: &mut Screen, frames: &mut Frames) {
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
            screen.frames(60, &play, frames);
        } else if play.get_can_pass() {
            play.invoke_pass_turn();
            screen.frames(2, &play, frames);
        } else if let Some(pawn) = play.get_pawns().iter().find(|p| p.movable || p.selected) {
            // Chosen already where it is the only pawn that can move.
            if !pawn.selected {
                play.invoke_tap_pawn(pawn.id);
                screen.frames(2, &play, frames);
            }
            let Some(cell) = play.get_cells().iter().find(|c| c.target) else {
                panic!("a chosen pawn lights its squares");
            };
            play.invoke_tap_cell(cell.index);
            if play.get_choices().row_count() > 0 {
                play.invoke_choose(0);
            }
            // Until the walk is over (a long one takes about 2 s).
            screen.frames(150, &play, frames);
        } else if play.get_choices().row_count() > 0 {
            // The move is offered as a button.
            play.invoke_choose(0);
            screen.frames(150, &play, frames);
        } else {
            // The game is over, or waits for nothing the bench does.
            return;
        }
    }
}

fn percentile<T: Copy>(sorted: &[T], p: f64) -> T {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn report(what: &str, frames: &[Drawn]) {
    if frames.is_empty() {
        println!("{what}: no frames drawn");
        return;
    }
    let mut ms: Vec<f64> = frames.iter().map(|f| f.time.as_secs_f64() * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    let window = f64::from(WIDTH * HEIGHT);
    let mut share: Vec<f64> = frames
        .iter()
        .map(|f| f.pixels as f64 / window * 100.0)
        .collect();
    share.sort_by(f64::total_cmp);
    println!(
        "{what}: {} frames drawn, ms p50 {:.2} / p95 {:.2} / max {:.2}; \
         % of the window drawn p50 {:.1} / p95 {:.1} / max {:.1}",
        ms.len(),
        percentile(&ms, 0.5),
        percentile(&ms, 0.95),
        percentile(&ms, 1.0),
        percentile(&share, 0.5),
        percentile(&share, 0.95),
        percentile(&share, 1.0),
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
    let play = app.window().global::<Play>();
    for game in [Game::Chaupar, Game::ChowkaBhara] {
        let start = Position::start(game, Options::new(game)).expect("the game's start");
        app.start(
            Match::from_position(start, 7),
            Default::default(),
            Default::default(),
        );
        // The first frame of the game screen is drawn whole.
        let mut first = Frames::default();
        screen.frames(30, &play, &mut first);
        let mut frames = Frames::default();
        play_game(&app, &mut screen, &mut frames);
        println!("{game:?} at {WIDTH} x {HEIGHT}:");
        report("  first frame of the game screen", &first.between[..1]);
        report("  the throw tumbling", &frames.tumbling);
        report("  a pawn walking", &frames.walking);
        report("  between", &frames.between);
    }
    let _ = std::fs::remove_dir_all(data);
}
