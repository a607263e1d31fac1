fn main() {
    eprintln!("chaupar: the app is not built yet; use chaupar-cli");
    std::process::exit(1);
}
