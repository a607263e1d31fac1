//! The desktop app: `chaupar [--data-dir DIR] [--lang CODE]`.

use chaupar::launch::{self, Launch};

fn main() {
    match launch::from_env() {
        Launch::Exit { text, status } => launch::exit_with(&text, status),
        Launch::Run { data_dir, language } => {
            if let Err(e) = chaupar::app::run(data_dir, language) {
                launch::exit_with(&format!("chaupar: cannot open the window: {e}"), 1);
            }
        }
    }
}
