//! The app's sounds outside the app.
//!
//! `cargo run --example sounds -- wav DIR` writes every sound as a WAV file
//! in DIR, to listen to them or look at their spectrograms.
//!
//! `cargo run --example sounds --features sound -- play [NAME...]` plays
//! the sounds named (every sound when none is) on the audio output, as
//! the app does, one after another.

use chaupar::dice::Implement;
use chaupar::sound::{synth, wav, Cue, Player, Sound, SoundSettings, SoundSink};
use std::path::Path;

/// Every sound, named.
fn sounds() -> Vec<(String, Sound)> {
    let mut out = Vec::new();
    for (name, implement) in [
        ("stick-dice", Implement::StickDice),
        ("long-dice", Implement::LongDice),
        ("cowries-4", Implement::Cowries(4)),
        ("cowries-6", Implement::Cowries(6)),
    ] {
        for fling in [0, 50, 100] {
            let fall = match implement {
                Implement::Cowries(_) => 0b100101,
                _ => 0o634,
            };
            let sound = Sound::Throw {
                implement,
                fling,
                fall,
            };
            out.push((format!("throw-{name}-{fling}"), sound));
        }
    }
    out.push(("step".into(), Sound::Step { n: 1 }));
    out.push(("capture".into(), Sound::Capture { pawns: 1 }));
    out.push(("capture-pair".into(), Sound::Capture { pawns: 2 }));
    out.push(("home".into(), Sound::Home { pawns: 1 }));
    out.push(("home-pair".into(), Sound::Home { pawns: 2 }));
    out.push(("finish".into(), Sound::Finish));
    out.push(("won".into(), Sound::Won));
    out.push(("refused".into(), Sound::Refused));
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["wav", dir] => {
            std::fs::create_dir_all(dir).expect("the folder can be made");
            for (name, sound) in sounds() {
                let path = Path::new(dir).join(format!("{name}.wav"));
                std::fs::write(&path, wav::wav_bytes(&synth::render(sound)))
                    .expect("the file can be written");
                println!("{}", path.display());
            }
        }
        ["play", ref names @ ..] => {
            let player = Player::start(&SoundSettings::default());
            let mut at = 0;
            for (name, sound) in sounds() {
                if names.is_empty() || names.contains(&name.as_str()) {
                    player.play(Cue {
                        sound,
                        delay_ms: at,
                    });
                    at += (synth::render(sound).len() as u32 * 1000 / synth::RATE) + 250;
                    println!("{name}");
                }
            }
            player.finish();
        }
        _ => {
            eprintln!("usage: sounds wav DIR | sounds play [NAME...]");
            std::process::exit(2);
        }
    }
}
