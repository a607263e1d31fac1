//! The versioned JSON envelope around every file of the store, and the
//! problems a file can have, in words a player understands.

use std::fmt;
use std::io;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::error::Category;

/// The `format` field of every file the store writes.
pub const FORMAT: &str = "chaupar-save";

/// The envelope version this build writes and the newest it reads.
pub const VERSION: u32 = 1;

/// What a file holds, its `kind` field: a game file copied into the
/// settings' place is refused rather than misread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Game,
    Settings,
    Stats,
    Dice,
}

impl Kind {
    fn id(self) -> &'static str {
        match self {
            Kind::Game => "game",
            Kind::Settings => "settings",
            Kind::Stats => "stats",
            Kind::Dice => "dice",
        }
    }
}

/// Why a file cannot be opened. `Display` gives the message for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The system would not give the bytes; the reason, when known, is in
    /// plain words ("permission denied").
    Unreadable { reason: Option<String> },
    /// The file holds nothing (or only white space).
    Empty,
    /// Not valid JSON (cut short, overwritten with garbage), or a Chaupar
    /// envelope whose fields are missing or malformed.
    Damaged,
    /// Valid JSON, but not a Chaupar file of the expected kind.
    Foreign,
    /// Written by a newer version of the app, in an envelope version this
    /// build does not know.
    Newer,
    /// The file reads, but the app reported that its moves no longer replay.
    Unplayable,
}

impl Problem {
    pub(crate) const TAGS: [&'static str; 6] = [
        "unreadable",
        "empty",
        "damaged",
        "foreign",
        "newer",
        "unplayable",
    ];

    /// The suffix of the name a file with this problem is set aside under.
    pub(crate) fn tag(&self) -> &'static str {
        match self {
            Problem::Unreadable { .. } => "unreadable",
            Problem::Empty => "empty",
            Problem::Damaged => "damaged",
            Problem::Foreign => "foreign",
            Problem::Newer => "newer",
            Problem::Unplayable => "unplayable",
        }
    }

    /// The problem of a file set aside with `tag` (one of [`Problem::TAGS`]).
    pub(crate) fn from_tag(tag: &str) -> Option<Problem> {
        Some(match tag {
            "unreadable" => Problem::Unreadable { reason: None },
            "empty" => Problem::Empty,
            "damaged" => Problem::Damaged,
            "foreign" => Problem::Foreign,
            "newer" => Problem::Newer,
            "unplayable" => Problem::Unplayable,
            _ => return None,
        })
    }

    pub(crate) fn unreadable(err: &io::Error) -> Problem {
        let reason = match err.kind() {
            io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            io::ErrorKind::IsADirectory => "it is a folder, not a file".to_string(),
            _ => {
                let text = err.to_string();
                // "Input/output error (os error 5)" reads better without the number.
                let text = text.split(" (os error").next().unwrap_or(&text);
                text.to_lowercase()
            }
        };
        Problem::Unreadable {
            reason: Some(reason),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Unreadable {
                reason: Some(reason),
            } => write!(f, "This save could not be read: {reason}"),
            Problem::Unreadable { reason: None } => f.write_str("This save could not be read"),
            Problem::Empty => f.write_str("This save is empty and cannot be opened"),
            Problem::Damaged => f.write_str("This save is damaged and cannot be opened"),
            Problem::Foreign => f.write_str("This file is not a Chaupar save"),
            Problem::Newer => f.write_str("This save was written by a newer version of Chaupar"),
            Problem::Unplayable => {
                f.write_str("This save's moves no longer replay in this version of Chaupar")
            }
        }
    }
}

#[derive(Serialize)]
struct Envelope<'a, B> {
    format: &'static str,
    version: u32,
    kind: &'static str,
    saved_at: u64,
    #[serde(flatten)]
    body: &'a B,
}

/// The envelope's own fields, read before the body so that a foreign or
/// newer file is recognised as such instead of failing as damaged.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u64>,
    kind: Option<String>,
    saved_at: Option<u64>,
}

/// A decoded file: its body and when it was saved.
pub(crate) struct Opened<B> {
    pub saved_at: u64,
    pub body: B,
}

/// The bytes of a file of `kind` whose body fields are those of `body`.
pub(crate) fn encode<B: Serialize>(
    kind: Kind,
    saved_at: u64,
    body: &B,
) -> Result<Vec<u8>, serde_json::Error> {
    serde_json::to_vec(&Envelope {
        format: FORMAT,
        version: VERSION,
        kind: kind.id(),
        saved_at,
        body,
    })
}

/// Reads a file of `kind`: its body's fields sit beside the envelope's, and
/// the body type ignores the envelope's (serde skips unknown fields).
pub(crate) fn decode<B: DeserializeOwned>(bytes: &[u8], kind: Kind) -> Result<Opened<B>, Problem> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Problem::Empty);
    }
    let header: Header = serde_json::from_slice(bytes).map_err(|err| match err.classify() {
        // Well-formed JSON of another shape (an array, a number, ...).
        Category::Data => Problem::Foreign,
        Category::Syntax | Category::Eof | Category::Io => Problem::Damaged,
    })?;
    if header.format.as_deref() != Some(FORMAT) {
        return Err(Problem::Foreign);
    }
    // The version is checked before anything else that a newer format may change.
    match header.version {
        Some(version) if version > u64::from(VERSION) => return Err(Problem::Newer),
        Some(1..) => {}
        Some(0) | None => return Err(Problem::Damaged),
    }
    if header.kind.as_deref() != Some(kind.id()) {
        return Err(Problem::Foreign);
    }
    let saved_at = header.saved_at.ok_or(Problem::Damaged)?;
    let body = serde_json::from_slice(bytes).map_err(|_| Problem::Damaged)?;
    Ok(Opened { saved_at, body })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Body {
        note: String,
    }

    fn body() -> Body {
        Body {
            note: "hello".into(),
        }
    }

    fn problem(text: &str) -> Problem {
        decode::<Body>(text.as_bytes(), Kind::Settings)
            .err()
            .expect("the file should be refused")
    }

    #[test]
    fn an_encoded_file_has_the_documented_envelope_and_decodes_back() {
        let bytes = encode(Kind::Settings, 1_700_000_000, &body()).unwrap();
        let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "format": "chaupar-save",
                "version": 1,
                "kind": "settings",
                "saved_at": 1_700_000_000,
                "note": "hello",
            })
        );
        let opened = decode::<Body>(&bytes, Kind::Settings).unwrap();
        assert_eq!(opened.saved_at, 1_700_000_000);
        assert_eq!(opened.body, body());
    }

    #[test]
    fn each_kind_of_bad_file_gets_its_own_problem() {
        assert_eq!(problem(""), Problem::Empty);
        assert_eq!(problem(" \n\t"), Problem::Empty);
        assert_eq!(
            problem(r#"{"format":"chaupar-save","vers"#),
            Problem::Damaged
        );
        assert_eq!(problem("\u{1}\u{2}garbage"), Problem::Damaged);
        assert_eq!(problem("[1, 2, 3]"), Problem::Foreign);
        assert_eq!(problem(r#"{"name": "a shopping list"}"#), Problem::Foreign);
        assert_eq!(
            problem(
                r#"{"format":"chaupar-save","version":2,"kind":"settings","saved_at":1,"note":"x"}"#
            ),
            Problem::Newer
        );
        assert_eq!(
            problem(
                r#"{"format":"chaupar-save","version":1,"kind":"game","saved_at":1,"note":"x"}"#
            ),
            Problem::Foreign
        );
        assert_eq!(
            problem(r#"{"format":"chaupar-save","kind":"settings","saved_at":1,"note":"x"}"#),
            Problem::Damaged
        );
        assert_eq!(
            problem(r#"{"format":"chaupar-save","version":1,"kind":"settings","saved_at":1}"#),
            Problem::Damaged
        );
    }

    #[test]
    fn a_newer_file_is_recognised_even_if_its_fields_changed() {
        let newer = r#"{"format":"chaupar-save","version":7,"layout":"something new"}"#;
        assert_eq!(problem(newer), Problem::Newer);
    }

    #[test]
    fn every_problem_survives_being_set_aside_under_its_tag() {
        for tag in Problem::TAGS {
            assert_eq!(Problem::from_tag(tag).unwrap().tag(), tag);
        }
        assert_eq!(Problem::from_tag("json"), None);
    }

    #[test]
    fn unreadable_files_say_why_in_plain_words() {
        let denied = io::Error::from(io::ErrorKind::PermissionDenied);
        assert_eq!(
            Problem::unreadable(&denied).to_string(),
            "This save could not be read: permission denied"
        );
        let io_error = io::Error::from_raw_os_error(5);
        let message = Problem::unreadable(&io_error).to_string();
        assert!(!message.contains("os error"), "{message}");
    }
}
