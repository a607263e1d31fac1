//! The desktop app's command line: `chaupar [--data-dir DIR]`, `--version`
//! and `--help`.
//!
//! [`parse`] is pure, so every answer the command line gives is tested here;
//! the binary only reads its arguments and environment with [`from_env`] and
//! acts on the result.

use std::ffi::OsString;
use std::path::PathBuf;

/// The environment variable that names the folder for saved games and
/// settings; `--data-dir` takes precedence over it.
pub const DATA_DIR_ENV: &str = "CHAUPAR_DATA_DIR";

/// Exit status for a command line the app does not understand, as getopt
/// programs use.
pub const USAGE_ERROR: i32 = 2;

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Launch {
    /// Start the app. `None` keeps saved games in the platform's usual place.
    Run { data_dir: Option<PathBuf> },
    /// Print `text` and stop: on standard output with status 0, on standard
    /// error otherwise.
    Exit { text: String, status: i32 },
}

/// Reads the arguments after the program name, with the value of
/// [`DATA_DIR_ENV`] if it is set.
pub fn parse<I>(args: I, data_dir_env: Option<OsString>) -> Launch
where
    I: IntoIterator<Item = OsString>,
{
    let mut args = args.into_iter();
    let mut data_dir = None;
    while let Some(arg) = args.next() {
        match arg.to_str() {
            Some("-h" | "--help") => return exit(help(), 0),
            Some("--version") => return exit(version(), 0),
            Some("--data-dir") => match args.next() {
                Some(dir) if !dir.is_empty() => data_dir = Some(PathBuf::from(dir)),
                _ => return usage_error("--data-dir needs a folder"),
            },
            Some(other) => match other.strip_prefix("--data-dir=") {
                Some("") => return usage_error("--data-dir needs a folder"),
                Some(dir) => data_dir = Some(PathBuf::from(dir)),
                None => {
                    return usage_error(&format!("unknown argument '{other}'"));
                }
            },
            None => {
                let shown = arg.to_string_lossy();
                return usage_error(&format!("unknown argument '{shown}'"));
            }
        }
    }
    let data_dir = data_dir.or_else(|| {
        data_dir_env
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from)
    });
    Launch::Run { data_dir }
}

/// [`parse`] applied to this process's arguments and environment.
pub fn from_env() -> Launch {
    parse(std::env::args_os().skip(1), std::env::var_os(DATA_DIR_ENV))
}

/// Prints an [`Launch::Exit`]'s text where it belongs and ends the process.
pub fn exit_with(text: &str, status: i32) -> ! {
    if status == 0 {
        println!("{text}");
    } else {
        eprintln!("{text}");
    }
    std::process::exit(status)
}

fn exit(text: String, status: i32) -> Launch {
    Launch::Exit { text, status }
}

fn usage_error(problem: &str) -> Launch {
    exit(
        format!("chaupar: {problem} (try 'chaupar --help')"),
        USAGE_ERROR,
    )
}

fn version() -> String {
    format!("chaupar {}", env!("CARGO_PKG_VERSION"))
}

fn help() -> String {
    format!(
        "Chaupar: India's traditional race board games.

Usage: chaupar [--data-dir DIR]

Options:
  --data-dir DIR  keep saved games and settings in DIR instead of the usual
                  place (the environment variable {DATA_DIR_ENV} does the same)
  -h, --help      show this help and exit
  --version       show the version and exit"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn launch(args: &[&str]) -> Launch {
        parse(args.iter().map(OsString::from), None)
    }

    fn run_in(dir: &str) -> Launch {
        Launch::Run {
            data_dir: Some(PathBuf::from(dir)),
        }
    }

    fn expect_usage_error(launch: Launch, mentions: &str) {
        match launch {
            Launch::Exit { text, status } => {
                assert_eq!(status, USAGE_ERROR, "{text}");
                assert!(text.starts_with("chaupar: "), "{text}");
                assert!(text.contains(mentions), "{text:?} lacks {mentions:?}");
                assert_eq!(text.lines().count(), 1, "{text}");
            }
            other => panic!("expected a usage error, got {other:?}"),
        }
    }

    #[test]
    fn no_arguments_start_the_app_in_the_usual_place() {
        assert_eq!(launch(&[]), Launch::Run { data_dir: None });
    }

    #[test]
    fn version_names_the_app_and_this_release() {
        let expected = format!("chaupar {}", env!("CARGO_PKG_VERSION"));
        assert_eq!(
            launch(&["--version"]),
            Launch::Exit {
                text: expected,
                status: 0
            }
        );
    }

    #[test]
    fn help_shows_the_usage_and_every_option() {
        for flag in ["-h", "--help"] {
            let Launch::Exit { text, status } = launch(&[flag]) else {
                panic!("{flag} should print help and exit");
            };
            assert_eq!(status, 0);
            assert!(text.contains("Usage: chaupar [--data-dir DIR]"), "{text}");
            for option in ["--data-dir DIR", "-h, --help", "--version", DATA_DIR_ENV] {
                assert!(text.contains(option), "help lacks {option}");
            }
        }
    }

    #[test]
    fn help_and_version_win_over_a_data_folder() {
        assert_eq!(
            launch(&["--data-dir", "games", "--version"]),
            launch(&["--version"])
        );
        assert_eq!(launch(&["--data-dir=games", "-h"]), launch(&["--help"]));
    }

    #[test]
    fn data_dir_takes_the_next_argument_or_an_equals_sign() {
        assert_eq!(
            launch(&["--data-dir", "/home/asha/games"]),
            run_in("/home/asha/games")
        );
        assert_eq!(
            launch(&["--data-dir=/home/asha/games"]),
            run_in("/home/asha/games")
        );
        // A folder name may itself contain '=' or start like an option.
        assert_eq!(launch(&["--data-dir=a=b"]), run_in("a=b"));
        assert_eq!(launch(&["--data-dir", "--odd"]), run_in("--odd"));
    }

    #[test]
    fn the_last_data_dir_given_counts() {
        assert_eq!(
            launch(&["--data-dir", "one", "--data-dir=two"]),
            run_in("two")
        );
    }

    #[test]
    fn data_dir_without_a_folder_is_refused() {
        expect_usage_error(launch(&["--data-dir"]), "--data-dir needs a folder");
        expect_usage_error(launch(&["--data-dir="]), "--data-dir needs a folder");
        expect_usage_error(launch(&["--data-dir", ""]), "--data-dir needs a folder");
    }

    #[test]
    fn unknown_arguments_are_refused_by_name() {
        expect_usage_error(launch(&["--fullscreen"]), "unknown argument '--fullscreen'");
        expect_usage_error(launch(&["saved.json"]), "unknown argument 'saved.json'");
        expect_usage_error(launch(&["-v"]), "'-v'");
        // Options are whole words: no abbreviations, no other spellings.
        expect_usage_error(launch(&["--data"]), "'--data'");
        expect_usage_error(launch(&["--data-dirs=x"]), "'--data-dirs=x'");
    }

    #[test]
    fn an_unknown_argument_stops_before_a_later_help() {
        expect_usage_error(launch(&["--nope", "--help"]), "'--nope'");
    }

    #[test]
    fn the_environment_variable_names_the_data_folder() {
        let from_env = parse(Vec::new(), Some(OsString::from("/srv/chaupar")));
        assert_eq!(from_env, run_in("/srv/chaupar"));
    }

    #[test]
    fn the_option_overrides_the_environment_variable() {
        let args = ["--data-dir", "mine"].map(OsString::from);
        assert_eq!(
            parse(args, Some(OsString::from("/srv/chaupar"))),
            run_in("mine")
        );
    }

    #[test]
    fn an_empty_environment_variable_is_ignored() {
        assert_eq!(
            parse(Vec::new(), Some(OsString::new())),
            Launch::Run { data_dir: None }
        );
    }

    #[cfg(unix)]
    #[test]
    fn folder_names_need_not_be_unicode() {
        use std::os::unix::ffi::OsStringExt;
        let folder = OsString::from_vec(b"saves-\xff".to_vec());
        let args = vec![OsString::from("--data-dir"), folder.clone()];
        assert_eq!(
            parse(args, None),
            Launch::Run {
                data_dir: Some(PathBuf::from(folder))
            }
        );
        let garbled = OsString::from_vec(b"--\xff".to_vec());
        expect_usage_error(parse(vec![garbled], None), "unknown argument");
    }
}
