//! The sounds, synthesised: mono samples at [`RATE`], peaks well below full
//! scale, the same samples every time.
//!
//! Everything is built from two things a struck object does: a short burst
//! of noise where the pieces touch, and the ringing of the object's modes
//! (damped sine waves at its resonant frequencies). Wooden dice on cloth
//! are a low, quickly damped thump; cowries on a board are bright clicks
//! that die in a few milliseconds; the bell rings for a second in a few
//! inharmonic partials. The flourish is plucked strings (Karplus-Strong)
//! playing Sa Re Ga Pa Dha, the notes of raga Bhupali.

use super::Sound;
use crate::dice::Implement;
use std::f64::consts::TAU;

/// Samples per second of every sound.
pub const RATE: u32 = 48_000;
const RATE_F: f32 = RATE as f32;

/// The loudest sample of any sound: the hardest throw. Quiet enough for a
/// dinner table at a moderate volume, with room for overlapping sounds.
pub const LOUDEST: f32 = 0.5;

/// The samples of `sound`.
pub fn render(sound: Sound) -> Vec<f32> {
    match sound {
        Sound::Throw {
            implement,
            fling,
            fall,
        } => throw(implement, f32::from(fling.min(100)) / 100.0, fall),
        Sound::Step { n } => step(n),
        Sound::Capture { pawns } => capture(pawns),
        Sound::Home { pawns } => home(pawns),
        Sound::Finish => flourish(false),
        Sound::Won => flourish(true),
        Sound::Refused => thud(),
    }
}

/// Seeded noise (SplitMix64): the details of a sound, fixed by its seed.
struct Noise(u64);

impl Noise {
    fn new(seed: u64) -> Noise {
        Noise(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x9E37_79B9_7F4A_7C15)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in [-1, 1).
    fn bipolar(&mut self) -> f32 {
        self.unit() * 2.0 - 1.0
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// 1 give or take `spread` (0.05: five per cent).
    fn around(&mut self, spread: f32) -> f32 {
        1.0 + spread * self.bipolar()
    }
}

/// One resonance of a struck object: its frequency (Hz), how long it takes
/// to fall to 1/e (seconds), and how loud it starts.
#[derive(Clone, Copy)]
struct Mode {
    freq: f32,
    decay: f32,
    amp: f32,
}

const fn mode(freq: f32, decay_ms: f32, amp: f32) -> Mode {
    Mode {
        freq,
        decay: decay_ms / 1000.0,
        amp,
    }
}

/// A second-order filter (the RBJ cookbook's), for shaping noise.
#[derive(Clone, Copy)]
struct Biquad {
    b: [f32; 3],
    a: [f32; 2],
    x: [f32; 2],
    y: [f32; 2],
}

#[derive(Clone, Copy)]
enum Pass {
    Low(f32),
    High(f32),
    /// Centre frequency and Q.
    Band(f32, f32),
}

impl Biquad {
    fn new(filter: Pass) -> Biquad {
        let (freq, q) = match filter {
            Pass::Low(f) | Pass::High(f) => (f, std::f32::consts::FRAC_1_SQRT_2),
            Pass::Band(f, q) => (f, q),
        };
        let w = std::f32::consts::TAU * freq.min(RATE_F * 0.45) / RATE_F;
        let (sin, cos) = w.sin_cos();
        let alpha = sin / (2.0 * q);
        let b = match filter {
            Pass::Low(_) => [(1.0 - cos) / 2.0, 1.0 - cos, (1.0 - cos) / 2.0],
            Pass::High(_) => [(1.0 + cos) / 2.0, -(1.0 + cos), (1.0 + cos) / 2.0],
            Pass::Band(..) => [alpha, 0.0, -alpha],
        };
        let a0 = 1.0 + alpha;
        Biquad {
            b: b.map(|c| c / a0),
            a: [-2.0 * cos / a0, (1.0 - alpha) / a0],
            x: [0.0; 2],
            y: [0.0; 2],
        }
    }

    fn step(&mut self, x: f32) -> f32 {
        let y = self.b[0] * x + self.b[1] * self.x[0] + self.b[2] * self.x[1]
            - self.a[0] * self.y[0]
            - self.a[1] * self.y[1];
        self.x = [x, self.x[0]];
        self.y = [y, self.y[0]];
        y
    }
}

/// A sound being made: events added at their times, then finished.
struct Track {
    s: Vec<f32>,
}

impl Track {
    fn new(seconds: f32) -> Track {
        Track {
            s: vec![0.0; (seconds * RATE_F) as usize],
        }
    }

    fn index(t: f32) -> usize {
        (t.max(0.0) * RATE_F) as usize
    }

    /// A struck object ringing in its modes from time `t`, each mode's
    /// frequency times `pitch`.
    fn ring(&mut self, t: f32, gain: f32, pitch: f32, modes: &[Mode]) {
        let start = Track::index(t);
        for m in modes {
            let w = TAU * f64::from(m.freq * pitch) / f64::from(RATE);
            let (sin_w, cos_w) = w.sin_cos();
            let fall = (-1.0 / (f64::from(m.decay) * f64::from(RATE))).exp();
            // Seven decay times: below a thousandth of the start.
            let len = (m.decay * 7.0 * RATE_F) as usize;
            let (mut c, mut s) = (1.0f64, 0.0f64);
            let mut amp = f64::from(gain * m.amp);
            for out in self.s.iter_mut().skip(start).take(len) {
                *out += (amp * s) as f32;
                (c, s) = (c * cos_w - s * sin_w, c * sin_w + s * cos_w);
                amp *= fall;
            }
        }
    }

    /// A burst of filtered noise from time `t`, falling to 1/e in `decay`
    /// seconds: where two pieces touch, or a scrape.
    fn burst(&mut self, t: f32, gain: f32, decay: f32, filter: Pass, noise: &mut Noise) {
        let start = Track::index(t);
        let len = (decay * 6.0 * RATE_F) as usize;
        let fall = (-1.0 / (decay * RATE_F)).exp();
        let mut f = Biquad::new(filter);
        let mut amp = gain;
        for out in self.s.iter_mut().skip(start).take(len) {
            *out += amp * f.step(noise.bipolar());
            amp *= fall;
        }
    }

    /// A plucked string (Karplus-Strong) at `freq` from time `t`, ringing
    /// for about `seconds`.
    fn pluck(&mut self, t: f32, freq: f32, gain: f32, seconds: f32, noise: &mut Noise) {
        let start = Track::index(t);
        let period = (RATE_F / freq).round().max(2.0) as usize;
        let len = (seconds * RATE_F) as usize;
        // Each pass round the string loses this much, so that it falls to
        // a thousandth in `seconds`.
        let loss = 0.001f32.powf(period as f32 / len as f32);
        // A soft pluck: the noise smoothed once.
        let mut line: Vec<f32> = (0..period).map(|_| noise.bipolar()).collect();
        for i in 1..period {
            line[i] = 0.5 * (line[i] + line[i - 1]);
        }
        let mean = line.iter().sum::<f32>() / period as f32;
        line.iter_mut().for_each(|x| *x -= mean);
        let mut prev = 0.0;
        for (i, out) in self.s.iter_mut().skip(start).take(len).enumerate() {
            let k = i % period;
            let x = line[k];
            *out += gain * x;
            line[k] = loss * 0.5 * (x + prev);
            prev = x;
        }
    }

    /// The finished sound: cut after its last audible sample, faded out
    /// over `fade` seconds, rid of rumble below 40 Hz, its peak at `peak`.
    fn finish(self, peak: f32, fade: f32) -> Vec<f32> {
        let mut s = self.s;
        let mut hp = Biquad::new(Pass::High(40.0));
        s.iter_mut().for_each(|x| *x = hp.step(*x));
        let max = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        if max == 0.0 {
            return s;
        }
        let last = s.iter().rposition(|x| x.abs() > max * 0.003).unwrap_or(0);
        s.truncate(last + 1);
        let fade = ((fade * RATE_F) as usize).min(s.len());
        let n = s.len();
        for (i, x) in s[n - fade..].iter_mut().enumerate() {
            let g = 0.5 + 0.5 * (std::f32::consts::PI * (i + 1) as f32 / fade as f32).cos();
            *x *= g;
        }
        let max = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        s.iter_mut().for_each(|x| *x *= peak / max);
        s
    }
}

/// What the pieces of an implement sound like.
struct Pieces {
    count: usize,
    /// Piece on piece, in the hand.
    clack: [Mode; 3],
    /// Piece on the cloth or board.
    land: [Mode; 3],
    /// The noise of landing: a low thump on cloth, a click on a board.
    contact: Pass,
    contact_decay: f32,
    /// What is left of a bounce's height (cloth absorbs, a board does not).
    bounce: f32,
    /// How many times a piece rolls over after landing, gently to hard.
    rolls: (f32, f32),
}

/// Two wooden stick dice: dry clacks in the hand, thumps on the cloth.
const STICK_DICE: Pieces = Pieces {
    count: 2,
    clack: [
        mode(2100.0, 5.0, 1.0),
        mode(3500.0, 3.5, 0.5),
        mode(5200.0, 2.5, 0.3),
    ],
    land: [
        mode(170.0, 14.0, 0.7),
        mode(700.0, 8.0, 0.5),
        mode(1500.0, 5.0, 0.25),
    ],
    contact: Pass::Low(450.0),
    contact_decay: 0.010,
    bounce: 0.35,
    rolls: (1.0, 4.0),
};

/// Three long dice of bone capped with brass: brighter clacks with a
/// little ring, heavier thumps, and they roll further on their long sides.
const LONG_DICE: Pieces = Pieces {
    count: 3,
    clack: [
        mode(2600.0, 6.0, 1.0),
        mode(4100.0, 4.0, 0.5),
        mode(3300.0, 45.0, 0.12),
    ],
    land: [
        mode(150.0, 16.0, 0.7),
        mode(600.0, 9.0, 0.5),
        mode(1900.0, 6.0, 0.3),
    ],
    contact: Pass::Low(400.0),
    contact_decay: 0.012,
    bounce: 0.35,
    rolls: (2.0, 6.0),
};

/// Cowrie shells: tiny bright clicks in the cupped hands, and on the board
/// clicks that bounce several times before the shells settle.
fn cowries(count: usize) -> Pieces {
    Pieces {
        count,
        clack: [
            mode(3800.0, 2.5, 1.0),
            mode(6100.0, 1.8, 0.6),
            mode(8200.0, 1.2, 0.3),
        ],
        land: [
            mode(2900.0, 4.0, 1.0),
            mode(4700.0, 3.0, 0.6),
            mode(900.0, 6.0, 0.3),
        ],
        contact: Pass::High(2500.0),
        contact_decay: 0.0012,
        bounce: 0.55,
        rolls: (0.0, 3.0),
    }
}

/// A throw: the pieces shaken in the hand, flung, and landing; `fling` 0
/// to 1.
fn throw(implement: Implement, fling: f32, fall: u16) -> Vec<f32> {
    let pieces = match implement {
        Implement::StickDice => STICK_DICE,
        Implement::LongDice => LONG_DICE,
        Implement::Cowries(n) => cowries(usize::from(n.clamp(1, 16))),
    };
    let shells = matches!(implement, Implement::Cowries(_));
    let seed = (implement.kind_index() as u64) << 32 | u64::from(fall) << 8;
    let mut noise = Noise::new(seed ^ u64::from((fling * 100.0) as u32));
    let mut track = Track::new(2.0);

    // In the hand: the pieces knock together, more often the harder the
    // shake; cowries chatter densely.
    let shake = 0.10 + 0.10 * fling;
    let per_piece = if shells {
        3.0 + 5.0 * fling
    } else {
        2.0 + 3.0 * fling
    };
    let clacks = (per_piece * pieces.count as f32).round() as usize;
    for i in 0..clacks {
        let t = if i == 0 { 0.0 } else { noise.range(0.0, shake) };
        let gain = noise.range(0.25, 0.5) * (0.5 + 0.5 * fling);
        track.ring(t, gain, noise.around(0.06), &pieces.clack);
        track.burst(t, gain * 0.3, 0.0008, Pass::Band(3000.0, 1.0), &mut noise);
    }

    // Flung: each piece lands, bounces lower and lower, rolls and settles.
    let landing = shake + 0.04;
    let strike = 0.7 + 0.3 * fling;
    for piece in 0..pieces.count {
        let pitch = noise.around(0.05);
        let mut t = landing + noise.range(0.0, 0.05);
        let mut gain = strike * noise.range(0.8, 1.0);
        let mut gap = 0.03 + 0.05 * fling;
        while gain > 0.06 {
            track.burst(t, gain, pieces.contact_decay, pieces.contact, &mut noise);
            track.ring(t, gain * 0.8, pitch, &pieces.land);
            t += gap;
            gap *= pieces.bounce.sqrt();
            gain *= pieces.bounce;
        }
        // Dice roll over from face to face on the cloth.
        let (few, many) = pieces.rolls;
        let rolls = (few + (many - few) * fling + noise.range(0.0, 1.0)).floor() as usize;
        let mut gain = 0.3 * strike;
        for _ in 0..rolls {
            t += noise.range(0.05, 0.09);
            track.burst(
                t,
                gain * 0.7,
                pieces.contact_decay,
                pieces.contact,
                &mut noise,
            );
            track.ring(t, gain * 0.5, pitch * noise.around(0.03), &pieces.land);
            gain *= 0.8;
        }
        if shells {
            if fall & (1 << piece) != 0 {
                // Mouth up, the shell sits on its domed back and rocks:
                // quicker and quieter clicks until it is still.
                let mut rock = 0.025;
                let mut gain = 0.12 * strike;
                while rock > 0.004 {
                    t += rock;
                    track.ring(t, gain, pitch * 1.1, &pieces.land);
                    rock *= 0.8;
                    gain *= 0.85;
                }
            } else {
                // Mouth down, it slides a little on its flat side.
                track.burst(t, 0.05 * strike, 0.03, Pass::Band(2500.0, 0.8), &mut noise);
            }
        }
    }
    // Pieces knocking into each other as they land.
    let knocks = if shells {
        pieces.count
    } else {
        pieces.count - 1
    };
    for _ in 0..knocks {
        let t = landing + noise.range(0.02, 0.12);
        track.ring(
            t,
            noise.range(0.2, 0.35) * strike,
            noise.around(0.06),
            &pieces.clack,
        );
    }
    track.finish(0.2 + (LOUDEST - 0.2) * fling, 0.03)
}

/// A pawn set down on the next square: a soft, low tock.
fn step(n: u8) -> Vec<f32> {
    let mut noise = Noise::new(0x57E9 + u64::from(n % 8));
    let pitch = noise.around(0.04);
    let mut track = Track::new(0.3);
    track.ring(
        0.0,
        1.0,
        pitch,
        &[
            mode(380.0, 14.0, 1.0),
            mode(1020.0, 6.0, 0.35),
            mode(2300.0, 2.5, 0.12),
        ],
    );
    track.burst(0.0, 0.3, 0.0015, Pass::Low(1500.0), &mut noise);
    track.finish(0.13 * noise.around(0.08), 0.01)
}

/// A pawn knocked off its square: a sharp wooden knock and its rebound,
/// and again for each further pawn.
fn capture(pawns: u8) -> Vec<f32> {
    const KNOCK: [Mode; 4] = [
        mode(200.0, 22.0, 0.6),
        mode(930.0, 28.0, 1.0),
        mode(2150.0, 15.0, 0.55),
        mode(3650.0, 8.0, 0.3),
    ];
    let mut noise = Noise::new(0xC4E7);
    let mut track = Track::new(0.8);
    for p in 0..pawns.clamp(1, 4) {
        let t = f32::from(p) * 0.09;
        let gain = 0.8f32.powi(i32::from(p));
        track.ring(t, gain, 1.0 + 0.03 * f32::from(p), &KNOCK);
        track.burst(t, gain * 1.5, 0.003, Pass::Band(3000.0, 0.7), &mut noise);
        track.ring(t + 0.035, gain * 0.35, 1.04, &KNOCK);
    }
    track.finish(0.4, 0.02)
}

/// A small brass bell (ghanti), struck once for each pawn Home.
fn bell_strike(track: &mut Track, t: f32, gain: f32, noise: &mut Noise) {
    const F: f32 = 1568.0;
    // A bell's partials are not harmonics; two close ones beat slowly.
    track.ring(
        t,
        gain,
        1.0,
        &[
            mode(F, 550.0, 1.0),
            mode(F * 1.0027, 550.0, 0.6),
            mode(F * 2.32, 300.0, 0.45),
            mode(F * 4.25, 160.0, 0.25),
            mode(F * 6.63, 90.0, 0.15),
        ],
    );
    track.burst(t, gain * 0.3, 0.001, Pass::High(4000.0), noise);
}

fn home(pawns: u8) -> Vec<f32> {
    let strikes = pawns.clamp(1, 4);
    let mut noise = Noise::new(0xB311);
    let last = 0.16 * f32::from(strikes - 1);
    let mut track = Track::new(last + 1.2);
    for i in 0..strikes {
        bell_strike(
            &mut track,
            0.16 * f32::from(i),
            0.85f32.powi(i.into()),
            &mut noise,
        );
    }
    track.finish(0.28, 0.3)
}

/// Sa Re Ga Pa Dha Sa', from C5.
const BHUPALI: [f32; 6] = [523.25, 587.33, 659.26, 783.99, 880.0, 1046.5];

/// A player finishing: Sa Ga Pa Sa' plucked; a game won is the whole
/// scale up, a chord and the bell.
fn flourish(won: bool) -> Vec<f32> {
    let mut noise = Noise::new(if won { 0xF1A1 } else { 0xF1A2 });
    let mut track = Track::new(if won { 1.6 } else { 0.9 });
    if won {
        for (i, &f) in BHUPALI.iter().enumerate() {
            track.pluck(0.075 * i as f32, f, 0.5, 0.7, &mut noise);
        }
        for f in [BHUPALI[0], BHUPALI[3], BHUPALI[5]] {
            track.pluck(0.5, f, 0.45, 1.0, &mut noise);
        }
        bell_strike(&mut track, 0.5, 0.25, &mut noise);
        track.finish(0.3, 0.25)
    } else {
        for (i, &f) in [BHUPALI[0], BHUPALI[2], BHUPALI[3], BHUPALI[5]]
            .iter()
            .enumerate()
        {
            track.pluck(0.09 * i as f32, f, 0.5, 0.6, &mut noise);
        }
        track.finish(0.26, 0.2)
    }
}

/// A refused tap: a low, muffled thud, its pitch falling.
fn thud() -> Vec<f32> {
    let mut noise = Noise::new(0x7D0D);
    let mut track = Track::new(0.25);
    let mut phase = 0.0f32;
    for (i, out) in track.s.iter_mut().enumerate() {
        let t = i as f32 / RATE_F;
        let freq = 95.0 + 60.0 * (-t / 0.02).exp();
        phase += std::f32::consts::TAU * freq / RATE_F;
        *out += phase.sin() * (-t / 0.03).exp();
    }
    track.ring(0.0, 0.3, 1.0, &[mode(310.0, 12.0, 1.0)]);
    track.burst(0.0, 0.5, 0.006, Pass::Low(350.0), &mut noise);
    track.finish(0.2, 0.03)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub fn seconds(s: &[f32]) -> f32 {
        s.len() as f32 / RATE_F
    }

    pub fn peak(s: &[f32]) -> f32 {
        s.iter().fold(0.0f32, |m, x| m.max(x.abs()))
    }

    pub fn rms(s: &[f32]) -> f32 {
        (s.iter().map(|x| x * x).sum::<f32>() / s.len().max(1) as f32).sqrt()
    }

    /// Where most of a sound's energy lies, in Hz: from how fast it
    /// changes from sample to sample (for a pure tone of frequency f the
    /// ratio of the differences' energy to the signal's is 2 sin(pi f / rate)).
    fn brightness(s: &[f32]) -> f32 {
        let diff: Vec<f32> = s.windows(2).map(|w| w[1] - w[0]).collect();
        let ratio = (rms(&diff) / rms(s)).min(2.0);
        (ratio / 2.0).asin() * RATE_F / std::f32::consts::PI
    }

    fn window(s: &[f32], from: f32, to: f32) -> &[f32] {
        &s[Track::index(from).min(s.len())..Track::index(to).min(s.len())]
    }

    const IMPLEMENTS: [Implement; 4] = [
        Implement::StickDice,
        Implement::LongDice,
        Implement::Cowries(4),
        Implement::Cowries(6),
    ];

    fn throw_of(implement: Implement, fling: u8) -> Sound {
        Sound::Throw {
            implement,
            fling,
            fall: 0b1011,
        }
    }

    pub fn every_sound() -> Vec<Sound> {
        let mut all = vec![
            Sound::Capture { pawns: 1 },
            Sound::Capture { pawns: 2 },
            Sound::Home { pawns: 1 },
            Sound::Home { pawns: 2 },
            Sound::Won,
            Sound::Finish,
            Sound::Refused,
        ];
        all.extend((0..8).map(|n| Sound::Step { n }));
        for implement in IMPLEMENTS {
            all.extend([0, 30, 70, 100].map(|fling| throw_of(implement, fling)));
        }
        all
    }

    #[test]
    fn every_sound_is_heard_unclipped_and_the_same_every_time() {
        for sound in every_sound() {
            let s = render(sound);
            assert!(s.iter().all(|x| x.is_finite()), "{sound:?}");
            assert!(rms(&s) > 0.01, "{sound:?} is too quiet: {}", rms(&s));
            assert!(
                peak(&s) <= LOUDEST + 1e-6,
                "{sound:?} peaks at {}",
                peak(&s)
            );
            assert_eq!(s, render(sound), "{sound:?} changed between two renders");
        }
    }

    #[test]
    fn sounds_last_as_long_as_their_moment() {
        let len = |sound| seconds(&render(sound));
        let within = |sound, lo: f32, hi: f32| {
            let l = len(sound);
            assert!((lo..=hi).contains(&l), "{sound:?} lasts {l} s");
        };
        for n in 0..8 {
            within(Sound::Step { n }, 0.04, 0.12);
        }
        within(Sound::Capture { pawns: 1 }, 0.1, 0.3);
        within(Sound::Refused, 0.08, 0.25);
        within(Sound::Home { pawns: 1 }, 0.9, 1.5);
        within(Sound::Finish, 0.4, 1.0);
        within(Sound::Won, 1.0, 2.0);
        for implement in IMPLEMENTS {
            within(throw_of(implement, 0), 0.25, 0.6);
            within(throw_of(implement, 100), 0.6, 1.2);
        }
        assert!(len(Sound::Capture { pawns: 2 }) > len(Sound::Capture { pawns: 1 }));
        assert!(len(Sound::Home { pawns: 2 }) > len(Sound::Home { pawns: 1 }));
        assert!(len(Sound::Won) > len(Sound::Finish));
    }

    #[test]
    fn sounds_start_at_their_moment_and_end_without_a_click() {
        for sound in every_sound() {
            let s = render(sound);
            let p = peak(&s);
            let onset = s.iter().position(|x| x.abs() > 0.1 * p).unwrap();
            assert!(
                onset < Track::index(0.005),
                "{sound:?} starts late: {onset}"
            );
            let tail = &s[s.len() - Track::index(0.005)..];
            assert!(peak(tail) < 0.02 * p, "{sound:?} ends abruptly");
        }
    }

    #[test]
    fn a_harder_fling_is_louder_and_longer() {
        for implement in IMPLEMENTS {
            let [gentle, medium, hard] = [0, 50, 100].map(|f| render(throw_of(implement, f)));
            assert!(peak(&gentle) < peak(&medium) && peak(&medium) < peak(&hard));
            assert!(seconds(&gentle) < seconds(&medium) && seconds(&medium) < seconds(&hard));
            let energy = |s: &[f32]| s.iter().map(|x| x * x).sum::<f32>();
            assert!(energy(&hard) > 3.0 * energy(&gentle), "{implement:?}");
        }
    }

    #[test]
    fn each_implement_sounds_its_own_and_each_fall_its_own() {
        let throws: Vec<Vec<f32>> = IMPLEMENTS
            .iter()
            .map(|&i| render(throw_of(i, 60)))
            .collect();
        for (i, a) in throws.iter().enumerate() {
            for b in &throws[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // Cowries click on a board; dice thump on cloth.
        let [sticks, long, four, six] = [0, 1, 2, 3].map(|i| brightness(&throws[i]));
        assert!(
            four > 1.5 * sticks.max(long),
            "{four} Hz vs {sticks}, {long}"
        );
        assert!(six > 1.5 * sticks.max(long), "{six} Hz vs {sticks}, {long}");
        let fell = |fall| {
            render(Sound::Throw {
                implement: Implement::Cowries(4),
                fling: 60,
                fall,
            })
        };
        assert_ne!(fell(0b0000), fell(0b1111));
    }

    #[test]
    fn the_bell_rings_on_while_a_knock_is_soon_gone() {
        let bell = render(Sound::Home { pawns: 1 });
        let ringing = rms(window(&bell, 0.5, 0.7)) / rms(window(&bell, 0.0, 0.1));
        assert!(ringing > 0.2, "{ringing}");
        let knock = render(Sound::Capture { pawns: 1 });
        assert!(rms(window(&knock, 0.1, 0.3)) < 0.1 * rms(window(&knock, 0.0, 0.05)));
    }

    #[test]
    fn a_step_is_soft_a_capture_sharp_and_a_refusal_low() {
        let step = render(Sound::Step { n: 0 });
        let knock = render(Sound::Capture { pawns: 1 });
        let thud = render(Sound::Refused);
        assert!(peak(&step) < 0.4 * peak(&knock));
        assert!(brightness(&step) < brightness(&knock));
        assert!(brightness(&thud) < 0.5 * brightness(&step));
        // Steps differ a little, so a long move does not drone.
        assert_ne!(render(Sound::Step { n: 0 }), render(Sound::Step { n: 1 }));
    }
}
