#[test]
fn starts() {
    i_slint_backend_testing::init_no_event_loop();
}
