use chaupar::launch::{self, Launch};

fn main() {
    match launch::from_env() {
        Launch::Exit { text, status } => launch::exit_with(&text, status),
        Launch::Run { .. } => {
            eprintln!("chaupar: the app is not built yet; use chaupar-cli");
            std::process::exit(1);
        }
    }
}
