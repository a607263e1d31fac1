//! The audio output in a browser: Web Audio.
//!
//! A page has no threads, so there is no sound thread and no mixing loop
//! here: each cue becomes an `AudioBuffer` of the sound's samples, started
//! by an `AudioBufferSourceNode` at its moment on the context's own clock,
//! and the browser mixes the sounds that overlap. They all pass through one
//! `GainNode` (the volume, applied to sounds playing too) and a
//! `WaveShaperNode` that bends their sum below full scale as the mixer's
//! limiter does on other systems.
//!
//! Browsers let a page make sound only after a touch, a click or a key:
//! the `AudioContext` is made on the first one, and resumed on any later
//! one that finds it suspended (a phone may suspend it while the page is
//! in the background). Cues before then are not heard.

use super::mixer::{limit, Bank};
use super::synth::RATE;
use super::{Cue, SoundSettings, SoundSink};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{AudioContext, AudioContextOptions, AudioContextState, GainNode};

/// The events that let a page start its sound (the browsers' user
/// activation): a touch, a click, a key.
const GESTURES: [&str; 5] = ["pointerdown", "pointerup", "touchend", "click", "keydown"];

/// The limiter's curve spans this many times full scale: sums of sounds
/// up to it are bent below full scale, louder ones held just under it.
const HEADROOM: f32 = 4.0;

/// Points of the limiter's curve (odd, so that 0 is one of them).
const CURVE_POINTS: usize = 1025;

/// The page's sound: Web Audio once the page has been touched.
pub struct WebAudio {
    /// The context and its volume node, made on the first touch.
    graph: Rc<RefCell<Option<Graph>>>,
    /// The settings' gain, kept for the graph made later.
    gain: Rc<Cell<f32>>,
    bank: RefCell<Bank>,
}

struct Graph {
    context: AudioContext,
    volume: GainNode,
}

impl WebAudio {
    /// The page's sound, with `settings`: listens for the first touch,
    /// click or key to start it.
    pub fn start(settings: &SoundSettings) -> WebAudio {
        let audio = WebAudio {
            graph: Rc::default(),
            gain: Rc::new(Cell::new(settings.gain())),
            bank: RefCell::default(),
        };
        if let Err(e) = audio.listen() {
            say_silent(&e);
        }
        audio
    }

    fn listen(&self) -> Result<(), JsValue> {
        let window = web_sys::window().ok_or("no browser window")?;
        let (graph, gain) = (self.graph.clone(), self.gain.clone());
        let failed = Cell::new(false);
        let wake = Closure::<dyn Fn()>::new(move || {
            let mut graph = graph.borrow_mut();
            match &*graph {
                Some(g) if g.context.state() != AudioContextState::Running => {
                    // A promise that fails only for a closed context.
                    let _ = g.context.resume();
                }
                Some(_) => {}
                None if failed.get() => {}
                None => match Graph::new(gain.get()) {
                    Ok(g) => *graph = Some(g),
                    Err(e) => {
                        failed.set(true);
                        say_silent(&e);
                    }
                },
            }
        });
        for gesture in GESTURES {
            // In the capture phase, before the app's own handlers.
            window.add_event_listener_with_callback_and_bool(
                gesture,
                wake.as_ref().unchecked_ref(),
                true,
            )?;
        }
        // The listeners last as long as the page.
        wake.forget();
        Ok(())
    }

    /// Starts `samples` `delay_ms` from now on `graph`.
    fn start_sound(graph: &Graph, samples: &[f32], delay_ms: u32) -> Result<(), JsValue> {
        let context = &graph.context;
        let buffer = context.create_buffer(1, samples.len() as u32, RATE as f32)?;
        buffer.copy_to_channel(samples, 0)?;
        let source = context.create_buffer_source()?;
        source.set_buffer(Some(&buffer));
        source.connect_with_audio_node(&graph.volume)?;
        source.start_with_when(context.current_time() + f64::from(delay_ms) / 1000.0)
    }
}

impl Graph {
    /// A running context (made during a touch) with the volume and the
    /// limiter between the sounds and the speakers. It runs at the sounds'
    /// rate, so that they play as made and the browser converts only
    /// their mix to the device's rate.
    fn new(gain: f32) -> Result<Graph, JsValue> {
        let options = AudioContextOptions::new();
        options.set_sample_rate(RATE as f32);
        let context = AudioContext::new_with_context_options(&options)?;
        let volume = context.create_gain()?;
        volume.gain().set_value(gain / HEADROOM);
        let limiter = context.create_wave_shaper()?;
        let mut curve: Vec<f32> = (0..CURVE_POINTS)
            .map(|i| {
                let x = 2.0 * i as f32 / (CURVE_POINTS - 1) as f32 - 1.0;
                limit(x * HEADROOM)
            })
            .collect();
        limiter.set_curve_opt_f32_slice(Some(&mut curve));
        volume.connect_with_audio_node(&limiter)?;
        limiter.connect_with_audio_node(&context.destination())?;
        Ok(Graph { context, volume })
    }
}

impl SoundSink for WebAudio {
    fn play(&self, cue: Cue) {
        if self.gain.get() <= 0.0 {
            return;
        }
        let graph = self.graph.borrow();
        let Some(graph) = graph.as_ref() else {
            return;
        };
        // A suspended context would play the sound late, when it resumes.
        if graph.context.state() != AudioContextState::Running {
            return;
        }
        let samples = self.bank.borrow_mut().get(cue.sound);
        if let Err(e) = WebAudio::start_sound(graph, &samples, cue.delay_ms) {
            web_sys::console::warn_2(&"chaupar: a sound could not be played:".into(), &e);
        }
    }

    fn apply(&self, settings: &SoundSettings) {
        self.gain.set(settings.gain());
        if let Some(graph) = &*self.graph.borrow() {
            graph.volume.gain().set_value(settings.gain() / HEADROOM);
        }
    }
}

/// The one line a page without Web Audio says.
fn say_silent(e: &JsValue) {
    web_sys::console::warn_2(&"chaupar: no sound:".into(), e);
}
