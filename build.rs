//! Lists the rules pages (`docs/rules/`, one folder per translation) for
//! `src/rules_pages.rs`, and compiles the Slint UI (`ui/app.slint`) when
//! the `ui` feature is on; the engine and `chaupar-cli` build without
//! Slint at all.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    list_rules_pages();
    #[cfg(feature = "ui")]
    compile_ui();
}

/// Writes `PAGES`: every `docs/rules/<game>.md` (English) and
/// `docs/rules/<code>/<game>.md`, built into the crate with `include_str!`.
fn list_rules_pages() {
    let root =
        Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("docs/rules");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut pages: Vec<(String, String, PathBuf)> = Vec::new();
    let mut add = |code: &str, dir: &Path| {
        for entry in fs::read_dir(dir).expect("docs/rules is readable") {
            let path = entry.expect("a folder entry").path();
            let game = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            if path.extension().is_some_and(|e| e == "md") && game != "README" {
                pages.push((code.to_string(), game.to_string(), path.clone()));
            }
        }
    };
    add("en", &root);
    for entry in fs::read_dir(&root).expect("docs/rules is readable") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            let code = path.file_name().and_then(|s| s.to_str()).unwrap_or("");
            add(code, &path);
        }
    }
    pages.sort();
    let mut out = String::from("pub static PAGES: &[(&str, &str, &str)] = &[\n");
    for (code, game, path) in pages {
        writeln!(
            out,
            "    ({code:?}, {game:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    out.push_str("];\n");
    let target = Path::new(&env::var("OUT_DIR").expect("cargo sets it")).join("rules_pages.rs");
    fs::write(target, out).expect("OUT_DIR is writable");
}

#[cfg(feature = "ui")]
fn compile_ui() {
    // Debug builds keep element ids so the UI tests can find elements; so
    // does the web app, where the browser test finds where to tap through
    // Slint's element search (src/web.rs, `on_screen`), which needs them.
    let debug = std::env::var("PROFILE").as_deref() == Ok("debug")
        || std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32");
    // Every `@tr` of the UI in each language of lang/<code>/LC_MESSAGES/.
    let config = slint_build::CompilerConfiguration::new()
        .with_debug_info(debug)
        .with_bundled_translations(
            Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("lang"),
        );
    slint_build::compile_with_config("ui/app.slint", config).expect("the UI compiles");
}
