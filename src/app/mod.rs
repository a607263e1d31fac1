slint::include_modules!();

mod board_view;

pub fn run(_data_dir: Option<std::path::PathBuf>) -> Result<(), slint::PlatformError> {
    let w = AppWindow::new()?;
    w.run()
}
