//! The audio output on Android, Windows and macOS: the system's own
//! audio interface through `cpal` (AAudio, WASAPI, CoreAudio), all of it
//! Rust or the system's libraries, so building needs nothing but Rust.
//!
//! The device calls back for sound when it wants it; the player's thread
//! writes what it mixes into a short queue ([`super::pull`]) that the
//! callback empties.

use super::player::Output;
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

/// Opens the system's default output device, mono or with the sound on
/// every channel, at the synthesiser's rate.
pub fn open() -> Result<Box<dyn Output>, String> {
    let device = cpal::default_host()
        .default_output_device()
        .ok_or("no sound output device")?;
    let configs = device
        .supported_output_configs()
        .map_err(|e| format!("the sound device: {e}"))?;
    // Float or 16-bit samples, the fewest channels, float first.
    let config = configs
        .filter(|c| matches!(c.sample_format(), SampleFormat::F32 | SampleFormat::I16))
        .filter(|c| (c.min_sample_rate()..=c.max_sample_rate()).contains(&RATE))
        .min_by_key(|c| (c.channels(), c.sample_format() != SampleFormat::F32))
        .ok_or(format!(
            "the sound device plays no float or 16-bit sound at {RATE} Hz"
        ))?
        .with_sample_rate(RATE);
    let (feed, tap) = pull::queue(AHEAD, STALL);
    let stream = match config.sample_format() {
        SampleFormat::F32 => build::<f32>(&device, &config.config(), tap),
        _ => build::<i16>(&device, &config.config(), tap),
    }
    .map_err(|e| format!("cannot open the sound device: {e}"))?;
    Ok(Box::new(Cpal {
        stream,
        feed,
        playing: false,
    }))
}

/// A stream on `device` that plays what `tap` holds.
fn build<T: SizedSample + FromSample<i16>>(
    device: &cpal::Device,
    config: &StreamConfig,
    tap: Tap,
) -> Result<cpal::Stream, cpal::Error> {
    let channels = usize::from(config.channels);
    let failed = tap.clone();
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
