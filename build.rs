//! Compiles the Slint UI (`ui/app.slint`) when the `ui` feature is on; the
//! engine and `chaupar-cli` build without Slint at all.

fn main() {
    #[cfg(feature = "ui")]
    compile_ui();
}

#[cfg(feature = "ui")]
fn compile_ui() {
    // Debug builds keep element ids so the UI tests can find elements.
    let debug = std::env::var("PROFILE").as_deref() == Ok("debug");
    let config = slint_build::CompilerConfiguration::new().with_debug_info(debug);
    slint_build::compile_with_config("ui/app.slint", config).expect("the UI compiles");
}
