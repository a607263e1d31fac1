//! The audio output on Android, Windows and macOS: the system's own
//! audio interface through `cpal` (AAudio, WASAPI, CoreAudio), all of it
//! Rust or the system's libraries, so building needs nothing but Rust.
//!
//! The device calls back for sound when it wants it; the player's thread
//! writes what it mixes into a short queue ([`super::pull`]) that the
//! callback empties, at the rate and on the channels the device runs with.

use super::output::Output;
use super::pull::{self, Feed, Tap};
use super::synth::RATE;
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{ErrorKind, FromSample, SampleFormat, SizedSample, StreamConfig};
use std::time::Duration;

/// Samples written at a time: 10 ms.
const BLOCK: usize = (RATE / 100) as usize;

/// Samples that may wait for the device: with the block being mixed, a cue
/// is heard within about 30 ms and the device's own buffer.
const AHEAD: usize = 2 * BLOCK;

/// A device that takes nothing for this long is taken for gone.
const STALL: Duration = Duration::from_secs(2);

/// The default output device, playing.
struct Cpal {
    stream: cpal::Stream,
    feed: Feed,
    playing: bool,
}

/// Opens the system's default output device as it runs (its rate, its
/// channels, each given the sound, its sample format): the app changes
/// nothing of the device that other programs hear.
pub fn open() -> Result<Box<dyn Output>, String> {
    let device = cpal::default_host()
        .default_output_device()
        .ok_or("no sound output device")?;
    let config = device
        .default_output_config()
        .map_err(|e| format!("the sound device: {e}"))?;
    let (feed, tap) = pull::queue(AHEAD, STALL, RATE, config.sample_rate());
    let stream = match config.sample_format() {
        SampleFormat::F32 => build::<f32>(&device, &config.config(), tap),
        SampleFormat::I16 => build::<i16>(&device, &config.config(), tap),
        SampleFormat::I32 => build::<i32>(&device, &config.config(), tap),
        format => return Err(format!("the sound device plays {format} samples")),
    }
    .map_err(|e| format!("cannot open the sound device: {e}"))?;
    Ok(Box::new(Cpal {
        stream,
        feed,
        playing: false,
    }))
}

/// A stream on `device` that plays what `tap` holds.
fn build<T: SizedSample + FromSample<f32>>(
    device: &cpal::Device,
    config: &StreamConfig,
    mut tap: Tap,
) -> Result<cpal::Stream, cpal::Error> {
    let channels = usize::from(config.channels);
    let failed = tap.failure();
    device.build_output_stream(
        *config,
        move |out: &mut [T], _: &cpal::OutputCallbackInfo| {
            tap.fill(out, channels, T::from_sample);
        },
        move |e: cpal::Error| match e.kind() {
            // Heard as a glitch at most; the stream plays on.
            ErrorKind::Xrun | ErrorKind::DeviceChanged | ErrorKind::RealtimeDenied => {}
            _ => failed.fail(e.to_string()),
        },
        None,
    )
}

impl Output for Cpal {
    fn block(&self) -> usize {
        BLOCK
    }

    fn write(&mut self, samples: &[i16]) -> Result<(), String> {
        if !self.playing {
            self.stream.play().map_err(|e| e.to_string())?;
            self.playing = true;
        }
        self.feed.write(samples)
    }

    fn pause(&mut self) {
        // What was written is heard first; a device that has gone is
        // told by the next write.
        let _ = self.feed.drain();
        if self.stream.pause().is_ok() {
            self.playing = false;
        }
    }
}
