//! The desktop app's command line: `chaupar [--data-dir DIR] [--lang CODE]`,
//! `--version`, `--help` and `--completions SHELL`.
//!
//! [`parse`] is pure, so every answer the command line gives is tested here;
//! the binary only reads its arguments and environment with [`from_env`] and
//! acts on the result.

use crate::language::Language;
use clap::{CommandFactory, Parser};
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
    Run {
        data_dir: Option<PathBuf>,
        /// The language for this run (`--lang`), else the one chosen in
        /// the app or the device's.
        language: Option<Language>,
    },
    /// Print `text` and stop: on standard output with status 0, on standard
    /// error otherwise.
    Exit { text: String, status: i32 },
}

/// Chaupar: India's traditional race board games.
#[derive(Parser)]
#[command(
    name = "chaupar",
    version,
    override_usage = "chaupar [--data-dir DIR] [--lang CODE]",
    args_override_self = true
)]
struct Args {
    /// Keep saved games and settings in DIR instead of the usual place (the
    /// environment variable CHAUPAR_DATA_DIR does the same)
    #[arg(long, value_name = "DIR", allow_hyphen_values = true)]
    data_dir: Option<PathBuf>,
    /// Speak the language CODE for this run: en, hi, gu, mr, kn, te, ta or ml
    #[arg(long, value_name = "CODE", value_parser = language)]
    lang: Option<Language>,
    /// Print a completion script for SHELL and exit
    #[arg(long, value_name = "SHELL")]
    completions: Option<clap_complete::Shell>,
}

/// Reads the arguments after the program name, with the value of
/// [`DATA_DIR_ENV`] if it is set.
pub fn parse<I>(args: I, data_dir_env: Option<OsString>) -> Launch
where
    I: IntoIterator<Item = OsString>,
{
    let args = std::iter::once(OsString::from("chaupar")).chain(args);
    let args = match Args::try_parse_from(args) {
        Ok(args) => args,
        Err(e) => return clap_answer(e),
    };
    if let Some(shell) = args.completions {
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut Args::command(), "chaupar", &mut script);
        let script = String::from_utf8_lossy(&script).trim_end().to_string();
        return exit(script, 0);
    }
    let data_dir = args.data_dir.or_else(|| {
        data_dir_env
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from)
    });
    Launch::Run {
        data_dir,
        language: args.lang,
    }
}

/// A language code the app speaks, or why not, naming the codes it knows.
fn language(code: &str) -> Result<Language, String> {
    Language::from_code(code)
        .filter(|l| l.code() == code.to_ascii_lowercase())
        .ok_or_else(|| {
            format!(
                "the app does not speak '{code}'; its languages are {}",
                Language::codes()
            )
        })
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

/// Help and the version as they are; a problem as one line, naming it.
fn clap_answer(e: clap::Error) -> Launch {
    use clap::error::ErrorKind;
    let text = e.render().to_string();
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => exit(text.trim_end().to_string(), 0),
        _ => exit(
            format!("chaupar: {} (try 'chaupar --help')", one_line_problem(&e)),
            USAGE_ERROR,
        ),
    }
}

/// A command line's problem as clap found it, in one line: the first
/// paragraph of its message, its lines joined (clap's usage and tips
/// follow a blank line), without clap's "error: ".
pub fn one_line_problem(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let problem: Vec<&str> = text
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let problem = problem.join(" ");
    problem
        .strip_prefix("error: ")
        .unwrap_or(&problem)
        .to_string()
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
            language: None,
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
        assert_eq!(
            launch(&[]),
            Launch::Run {
                data_dir: None,
                language: None
            }
        );
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
            for option in [
                "--data-dir <DIR>",
                "--completions <SHELL>",
                "-h, --help",
                "--version",
                DATA_DIR_ENV,
            ] {
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
        let needs = "a value is required for '--data-dir <DIR>'";
        expect_usage_error(launch(&["--data-dir"]), needs);
        expect_usage_error(launch(&["--data-dir="]), needs);
        expect_usage_error(launch(&["--data-dir", ""]), needs);
    }

    #[test]
    fn unknown_arguments_are_refused_by_name() {
        expect_usage_error(
            launch(&["--fullscreen"]),
            "unexpected argument '--fullscreen'",
        );
        expect_usage_error(launch(&["saved.json"]), "unexpected argument 'saved.json'");
        expect_usage_error(launch(&["-v"]), "'-v'");
        // Options are whole words: no abbreviations, no other spellings.
        expect_usage_error(launch(&["--data"]), "'--data'");
        expect_usage_error(launch(&["--data-dirs=x"]), "'--data-dirs'");
    }

    #[test]
    fn an_unknown_argument_stops_before_a_later_help() {
        expect_usage_error(launch(&["--nope", "--help"]), "'--nope'");
    }

    #[test]
    fn completions_are_a_script_for_the_shell_named() {
        let Launch::Exit { text, status } = launch(&["--completions", "bash"]) else {
            panic!("--completions should print a script and exit");
        };
        assert_eq!(status, 0);
        assert!(text.contains("complete -F _chaupar"), "{text}");
        assert!(text.contains("--data-dir"), "{text}");
        let Launch::Exit { text: fish, .. } = launch(&["--completions=fish"]) else {
            panic!("--completions should print a script and exit");
        };
        assert!(fish.contains("complete -c chaupar"), "{fish}");
        expect_usage_error(launch(&["--completions", "cmd"]), "'cmd'");
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
            Launch::Run {
                data_dir: None,
                language: None
            }
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
                data_dir: Some(PathBuf::from(folder)),
                language: None
            }
        );
        let garbled = OsString::from_vec(b"--\xff".to_vec());
        expect_usage_error(parse(vec![garbled], None), "unexpected argument");
    }

    #[test]
    fn lang_chooses_a_language_for_the_run_and_an_unknown_code_is_refused() {
        assert_eq!(
            launch(&["--lang", "ta"]),
            Launch::Run {
                data_dir: None,
                language: Some(Language::Tamil)
            }
        );
        assert_eq!(
            launch(&["--lang=hi", "--data-dir", "d"]),
            Launch::Run {
                data_dir: Some(PathBuf::from("d")),
                language: Some(Language::Hindi)
            }
        );
        let refused = launch(&["--lang", "fr"]);
        expect_usage_error(refused.clone(), "'fr'");
        expect_usage_error(refused, "en, hi, gu, mr, kn, te, ta, ml");
        expect_usage_error(launch(&["--lang", "ta_IN"]), "'ta_IN'");
        expect_usage_error(launch(&["--lang"]), "--lang");
    }
}
